import { Typography } from 'antd';

/** A table cell naming a device: its title in bold (or `fallback`), its IMEI below. */
export function DeviceCell({
  title,
  imei,
  fallback,
  testId,
}: {
  title: string;
  imei: string;
  fallback: string;
  testId: string;
}) {
  return (
    <div className="alarm-device">
      <Typography.Text strong ellipsis data-testid={testId}>
        {title || fallback}
      </Typography.Text>
      <Typography.Text type="secondary" className="alarm-imei">
        {imei}
      </Typography.Text>
    </div>
  );
}
