import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/** Latitude and longitude side by side (form fields `lat` and `lng`), within their valid ranges. */
export function CoordinateFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="lat" label={t('common.lat')}>
          <InputNumber min={-90} max={90} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="lng" label={t('common.lng')}>
          <InputNumber min={-180} max={180} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
