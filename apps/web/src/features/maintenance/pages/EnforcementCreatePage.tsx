import { AimOutlined, CameraOutlined, CloseOutlined } from '@ant-design/icons';
import {
  ENFORCEMENT_MAX_FILES,
  ENFORCEMENT_TYPES,
  type EnforcementDetail,
  type EnforcementFileRow,
} from '@fleet/contracts';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../shared/api/client';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import { useCreateEnforcementRecord } from '../api/create-enforcement-record';
import { uploadEvidence } from '../api/enforcement';

interface Values {
  type: string;
  occurred_at: Dayjs;
  device_id?: number | null;
  asset_id?: number | null;
  site?: string;
  lat?: number | null;
  lng?: number | null;
  description: string;
}

interface Evidence extends EnforcementFileRow {
  /** Local preview of what was captured. */
  url: string;
}

/**
 * /enforcement/create: an officer in the field records what was found, with photos and videos taken
 * by the phone's camera (uploaded at once, named by hash in the create: they are part of the hash).
 */
export default function EnforcementCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [form] = Form.useForm<Values>();
  const create = useCreateEnforcementRecord();
  const [files, setFiles] = useState<Evidence[]>([]);
  const [uploading, setUploading] = useState(0);
  const [locating, setLocating] = useState(false);
  const [saved, setSaved] = useState<EnforcementDetail | null>(null);

  // Previews live until the page goes (a removed file's preview goes with it).
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const addFiles = async (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      if (files.length + uploading >= ENFORCEMENT_MAX_FILES) break;
      setUploading((n) => n + 1);
      try {
        const row = await uploadEvidence(file, file.name || 'capture');
        setFiles((prev) =>
          prev.some((f) => f.hash === row.hash)
            ? prev
            : [...prev, { ...row, url: URL.createObjectURL(file) }],
        );
      } catch (error) {
        notifyError(error);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const locate = () => {
    if (!navigator.geolocation) return void message.warning(t('enforcement.locationFailed'));
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        form.setFieldsValue({
          lat: Number(pos.coords.latitude.toFixed(7)),
          lng: Number(pos.coords.longitude.toFixed(7)),
        });
      },
      () => {
        setLocating(false);
        void message.warning(t('enforcement.locationFailed'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const submit = async (v: Values) => {
    const site = (v.site ?? '').trim();
    if (!v.device_id && !v.asset_id && !site) {
      form.setFields([{ name: 'site', errors: [t('enforcement.subjectRequired')] }]);
      return;
    }
    const record = await create
      .mutateAsync({
        type: v.type,
        occurred_at: v.occurred_at.toDate().toISOString(),
        device_id: v.device_id ?? null,
        asset_id: v.asset_id ?? null,
        site,
        lat: v.lat ?? null,
        lng: v.lng ?? null,
        description: v.description.trim(),
        files: files.map((f) => f.hash),
      })
      .catch((error) => {
        notifyError(error);
        return null;
      });
    if (record) setSaved(record);
  };

  const restart = () => {
    setSaved(null);
    setFiles([]);
    form.resetFields();
  };

  if (saved)
    return (
      <Card data-testid="enforcement-created">
        <Result
          status="success"
          title={t('enforcement.created')}
          subTitle={
            <Typography.Text style={{ fontFamily: 'ui-monospace, Menlo, monospace', wordBreak: 'break-all' }}>
              {t('enforcement.createdHint', { hash: saved.hash })}
            </Typography.Text>
          }
          extra={[
            <Button
              key="list"
              type="primary"
              onClick={() => navigate('/enforcement/records')}
              data-testid="enforcement-to-list"
            >
              {t('enforcement.toList')}
            </Button>,
            <Button key="again" onClick={restart}>
              {t('enforcement.another')}
            </Button>,
          ]}
        />
      </Card>
    );

  return (
    <Card
      title={t('enforcement.createTitle')}
      data-testid="enforcement-create-page"
      styles={{ body: { padding: mobile ? 12 : 24 } }}
      style={{ maxWidth: 760 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        size={mobile ? 'large' : 'middle'}
        initialValues={{ type: 'inspection', occurred_at: dayjs() }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="type" label={t('enforcement.field.type')} rules={[{ required: true }]}>
          <Select
            options={ENFORCEMENT_TYPES.map((s) => ({ value: s, label: t(`enforcement.type.${s}`) }))}
            data-testid="enforcement-type"
          />
        </Form.Item>
        <Form.Item name="occurred_at" label={t('enforcement.field.occurredAt')} rules={[{ required: true }]}>
          <DatePicker
            showTime
            style={{ width: '100%' }}
            inputReadOnly={mobile}
            data-testid="enforcement-occurred"
          />
        </Form.Item>
        <Form.Item name="device_id" label={t('enforcement.field.device')}>
          <DeviceSearchSelect testId="enforcement-device" ariaLabel={t('enforcement.field.device')} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="site"
            label={t('enforcement.field.site')}
            style={{ flex: '2 1 220px' }}
            rules={[{ max: 200 }]}
          >
            <Input maxLength={200} data-testid="enforcement-site" />
          </Form.Item>
          <Form.Item name="asset_id" label={t('enforcement.field.asset')} style={{ flex: '1 1 140px' }}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="enforcement-asset" />
          </Form.Item>
        </Flex>
        <Form.Item label={t('enforcement.field.location')} style={{ marginBottom: 8 }}>
          <Flex gap={8} wrap align="center">
            <Form.Item name="lat" noStyle dependencies={['lng']}>
              <InputNumber
                min={-90}
                max={90}
                step={0.0000001}
                placeholder={t('enforcement.field.lat')}
                style={{ width: 150 }}
              />
            </Form.Item>
            <Form.Item name="lng" noStyle>
              <InputNumber
                min={-180}
                max={180}
                step={0.0000001}
                placeholder={t('enforcement.field.lng')}
                style={{ width: 150 }}
              />
            </Form.Item>
            <Button
              icon={<AimOutlined />}
              loading={locating}
              onClick={locate}
              data-testid="enforcement-locate"
            >
              {locating ? t('enforcement.locating') : t('enforcement.useLocation')}
            </Button>
          </Flex>
        </Form.Item>
        <Form.Item
          name="description"
          label={t('enforcement.field.description')}
          rules={[{ required: true, whitespace: true }, { max: 4000 }]}
        >
          <Input.TextArea rows={4} maxLength={4000} showCount data-testid="enforcement-description" />
        </Form.Item>
        <Form.Item
          label={t('enforcement.field.files')}
          extra={t('enforcement.captureHint', { max: ENFORCEMENT_MAX_FILES })}
        >
          <Flex gap={8} wrap align="center" data-testid="enforcement-evidence">
            {files.map((f) => (
              <div key={f.hash} style={{ position: 'relative' }} data-testid="enforcement-evidence-item">
                {f.kind === 'video' ? (
                  <video
                    src={f.url}
                    muted
                    style={{ width: 120, height: 88, borderRadius: 6, background: '#000' }}
                  />
                ) : (
                  <img
                    src={f.url}
                    alt={t('enforcement.photo')}
                    style={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 6 }}
                  />
                )}
                <Button
                  size="small"
                  shape="circle"
                  icon={<CloseOutlined />}
                  aria-label={t('enforcement.removeFile')}
                  style={{ position: 'absolute', top: 2, right: 2 }}
                  onClick={() => setFiles((prev) => prev.filter((x) => x.hash !== f.hash))}
                />
              </div>
            ))}
            {files.length < ENFORCEMENT_MAX_FILES && (
              <label style={{ display: 'block' }}>
                <input
                  type="file"
                  accept="image/*,video/*"
                  capture="environment"
                  multiple
                  style={{ display: 'none' }}
                  data-testid="enforcement-file-input"
                  onChange={(e) => {
                    void addFiles(e.target.files);
                    e.target.value = '';
                  }}
                />
                <Button
                  size="large"
                  icon={<CameraOutlined />}
                  loading={uploading > 0}
                  style={{ height: 88, pointerEvents: 'none' }}
                  tabIndex={-1}
                >
                  {uploading > 0 ? t('enforcement.uploading') : t('enforcement.capture')}
                </Button>
              </label>
            )}
          </Flex>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block={mobile}
          size="large"
          loading={create.isPending}
          disabled={uploading > 0}
          data-testid="enforcement-submit"
        >
          {t('enforcement.submit')}
        </Button>
      </Form>
    </Card>
  );
}
