import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapConfig } from '../api/get-map-config';
import { devicesToGeoJson } from '../map/device-geojson';

const DeviceMapCanvas = lazy(() => import('../map/DeviceMapCanvas'));
const NO_DEVICES = devicesToGeoJson([]);
/** Six decimals: about 0.1 m, finer than any click. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

type Place = { lng: number; lat: number };

/**
 * "Pick on the map" beside the latitude / longitude fields of a form (fields `lat` and `lng`): a click on
 * the map (WGS-84) fills both; the fields stay editable for typed coordinates.
 */
export function LocationPicker() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const config = useMapConfig();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Place | null>(null);

  const start = () => {
    const lat = form.getFieldValue('lat');
    const lng = form.getFieldValue('lng');
    setPicked(typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null);
    setOpen(true);
  };
  const apply = () => {
    if (picked) form.setFieldsValue({ lat: round(picked.lat), lng: round(picked.lng) });
    setOpen(false);
  };

  return (
    <>
      <Button
        icon={<EnvironmentOutlined />}
        onClick={start}
        data-testid="location-pick"
        style={{ marginBottom: 16 }}
      >
        {t('screens.map.pick')}
      </Button>
      <Modal
        open={open}
        title={t('screens.map.pickTitle')}
        width={880}
        onCancel={() => setOpen(false)}
        onOk={apply}
        okText={t('screens.map.pickApply')}
        okButtonProps={{ disabled: !picked, ...({ 'data-testid': 'location-pick-apply' } as object) }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('screens.map.pickHint')}</Typography.Paragraph>
        <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
          {config.isPending ? (
            <Spin style={{ display: 'block', padding: 48 }} />
          ) : (
            <DeviceMapCanvas
              config={config.data}
              theme="light"
              devices={NO_DEVICES}
              fitKey="pick"
              picked={picked}
              onPick={setPicked}
              testId="location-pick-map"
            />
          )}
        </Suspense>
        <Typography.Text data-testid="location-pick-value">
          {picked ? `${round(picked.lat)}, ${round(picked.lng)}` : '—'}
        </Typography.Text>
      </Modal>
    </>
  );
}
