import type { MapConfig } from '@fleet/contracts';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaveError } from '../../../shared/forms/server-error';
import { Permit } from '../../../shared/permission/Permit';
import { useMapConfig } from '../api/get-map-config';
import { useSetMapConfig } from '../api/set-map-config';

type Values = { tile_url?: string; attribution?: string };

/**
 * Platform management: the maps' basemap (DESIGN 15). Empty: the offline basemap shipped with the app;
 * a raster XYZ template: every map uses those tiles (and the page's policy lets the browser load them).
 */
export function MapSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const config = useMapConfig();
  const save = useSetMapConfig();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (config.data)
      form.setFieldsValue({ tile_url: config.data.tile_url ?? '', attribution: config.data.attribution });
  }, [config.data, form]);

  const submit = (values: Values) => {
    const body: MapConfig = {
      tile_url: values.tile_url?.trim() || null,
      attribution: values.attribution?.trim() ?? '',
    };
    save.mutate(body, {
      onSuccess: () => void message.success(t('screens.settings.saved')),
      onError: (error) => showSaveError(form, error, ['tile_url', 'attribution']),
    });
  };

  return (
    <Card title={t('screens.settings.title')} data-testid="map-settings">
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item
          name="tile_url"
          label={t('screens.settings.tileUrl')}
          extra={t('screens.settings.tileUrlHint')}
        >
          <Input placeholder={t('screens.settings.offline')} maxLength={500} data-testid="map-settings-url" />
        </Form.Item>
        <Form.Item name="attribution" label={t('screens.settings.attribution')}>
          <Input maxLength={200} />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {config.data?.tile_url ? config.data.tile_url : t('screens.settings.offline')}
        </Typography.Paragraph>
        <Permit mode="disable">
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="map-settings-save">
            {t('common.save')}
          </Button>
        </Permit>
      </Form>
    </Card>
  );
}
