import { ASSET_STATUSES, type AssetDetail } from '@fleet/contracts';
import { App, AutoComplete, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import { LocationPicker } from '../../screens/components/LocationPicker';
import { useAssetCategories } from '../api/asset-categories';
import { useSaveAsset } from '../api/save-asset';

interface FormValues {
  code: string;
  name: string;
  model?: string;
  category?: string;
  location?: string;
  lat?: number | null;
  lng?: number | null;
  supplier?: string;
  installed_on?: Dayjs | null;
  warranty_until?: Dayjs | null;
  status: number;
  notes?: string;
  device_id?: number | null;
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
const dayOf = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : null);

/** Add an asset (`asset` null) or edit one: fields, the linked device, the position picked on the map. */
export function AssetFormDrawer({
  open,
  asset,
  onClose,
  onSaved,
}: {
  open: boolean;
  asset: AssetDetail | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAsset();
  const mobile = useIsMobile();
  const categories = useAssetCategories();

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const hasPosition = typeof v.lat === 'number' && typeof v.lng === 'number';
    const saved = await save
      .mutateAsync({
        id: asset?.id ?? null,
        body: {
          code: v.code.trim(),
          name: v.name.trim(),
          model: v.model?.trim() ?? '',
          category: v.category?.trim() ?? '',
          location: v.location?.trim() ?? '',
          lat: hasPosition ? (v.lat as number) : null,
          lng: hasPosition ? (v.lng as number) : null,
          supplier: v.supplier?.trim() ?? '',
          installed_on: dayOf(v.installed_on),
          warranty_until: dayOf(v.warranty_until),
          status: v.status,
          notes: v.notes?.trim() ?? '',
          device_id: v.device_id ?? null,
        },
      })
      .catch(() => null);
    if (!saved) return;
    void message.success(asset ? t('assets.saved') : t('assets.created'));
    onSaved?.(saved.id);
    onClose();
  };

  const required = { required: true, whitespace: true, message: t('assets.required') };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? window.innerWidth : 600}
      title={asset ? t('assets.edit') : t('assets.add')}
      destroyOnHidden
      data-testid="asset-form-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="asset-form-submit"
        />
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          asset
            ? {
                ...asset,
                installed_on: asset.installed_on ? dayjs(asset.installed_on) : null,
                warranty_until: asset.warranty_until ? dayjs(asset.warranty_until) : null,
              }
            : { status: 0 }
        }
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="code"
              label={t('assets.field.code')}
              extra={t('assets.codeHint')}
              rules={[required, { pattern: CODE, message: t('assets.codeHint') }]}
            >
              <Input maxLength={64} data-testid="asset-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('assets.field.name')} rules={[required]}>
              <Input maxLength={100} data-testid="asset-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="model" label={t('assets.field.model')}>
              <Input maxLength={100} data-testid="asset-model" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="category" label={t('assets.field.category')}>
              <AutoComplete
                options={(categories.data ?? []).map((c) => ({ value: c }))}
                filterOption={(input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
                maxLength={64}
                data-testid="asset-category"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="supplier" label={t('assets.field.supplier')}>
              <Input maxLength={100} data-testid="asset-supplier" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('assets.field.status')}>
              <Select options={ASSET_STATUSES.map((s) => ({ value: s, label: t(`assets.status.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="installed_on" label={t('assets.field.installedOn')}>
              <DatePicker style={{ width: '100%' }} data-testid="asset-installed-on" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="warranty_until" label={t('assets.field.warrantyUntil')}>
              <DatePicker style={{ width: '100%' }} data-testid="asset-warranty-until" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="device_id" label={t('assets.field.device')}>
          <DeviceSearchSelect testId="asset-device" ariaLabel={t('assets.field.device')} />
        </Form.Item>
        <Form.Item name="location" label={t('assets.field.location')}>
          <Input maxLength={200} data-testid="asset-location" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={12} sm={8}>
            <Form.Item name="lat" label={t('assets.field.lat')}>
              <InputNumber min={-90} max={90} style={{ width: '100%' }} data-testid="asset-lat" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="lng"
              label={t('assets.field.lng')}
              dependencies={['lat']}
              rules={[
                ({ getFieldValue }) => ({
                  // Both or neither: a position needs the two numbers.
                  validator: (_, v) =>
                    (v === null || v === undefined) ===
                    (getFieldValue('lat') === null || getFieldValue('lat') === undefined)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('assets.positionBoth'))),
                }),
              ]}
            >
              <InputNumber min={-180} max={180} style={{ width: '100%' }} data-testid="asset-lng" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <LocationPicker />
          </Col>
        </Row>
        <Form.Item name="notes" label={t('assets.field.notes')}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="asset-notes" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
