import { InboxOutlined } from '@ant-design/icons';
import { App, Form, Input, InputNumber, Modal, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadApplication } from '../api/upload-application';

interface Values {
  name: string;
  version: string;
  models: string;
  counter: number;
  notes?: string;
  expires_days: number;
}

/** Upload form: the package file and its manifest fields, with the upload's progress. */
export function UploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const uploader = useUploadApplication();

  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(false);
    setPercent(null);
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError(true);
      return;
    }
    setPercent(0);
    try {
      const row = await uploader.mutateAsync({
        ...values,
        notes: values.notes ?? '',
        file,
        onProgress: setPercent,
      });
      void message.success(t('otaApps.uploaded', { name: row.name, version: row.version }));
      close();
    } catch {
      setPercent(null);
    }
  };
  const required = (field: string) => [
    { required: true, whitespace: true, message: t('otaApps.required', { field }) },
  ];

  return (
    <Modal
      open={open}
      title={t('otaApps.uploadTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('otaApps.upload')}
      confirmLoading={uploader.isPending}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ counter: 1, expires_days: 365 }}
        data-testid="ota-upload-form"
      >
        <Form.Item label={t('otaApps.file')} required extra={t('otaApps.fileHint')}>
          <Upload.Dragger
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setFileError(false);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'package', name: file.name, status: 'done' }] : []}
            data-testid="ota-upload-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('otaApps.chooseFile')}</p>
          </Upload.Dragger>
          {fileError ? <div className="ant-form-item-explain-error">{t('otaApps.fileRequired')}</div> : null}
        </Form.Item>
        <Form.Item name="name" label={t('otaApps.name')} rules={required(t('otaApps.name'))}>
          <Input maxLength={100} data-testid="ota-upload-name" />
        </Form.Item>
        <Form.Item name="version" label={t('otaApps.version')} rules={required(t('otaApps.version'))}>
          <Input maxLength={64} placeholder="2.1.0" data-testid="ota-upload-version" />
        </Form.Item>
        <Form.Item
          name="models"
          label={t('otaApps.models')}
          extra={t('otaApps.modelsHint')}
          rules={required(t('otaApps.models'))}
        >
          <Input.TextArea rows={2} maxLength={4000} data-testid="ota-upload-models" />
        </Form.Item>
        <Form.Item
          name="counter"
          label={t('otaApps.counter')}
          extra={t('otaApps.counterHint')}
          rules={[{ required: true }]}
        >
          <InputNumber
            min={1}
            max={2_000_000_000}
            precision={0}
            style={{ width: 200 }}
            data-testid="ota-upload-counter"
          />
        </Form.Item>
        <Form.Item name="expires_days" label={t('otaApps.expiresDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="notes" label={t('otaApps.notes')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
      {percent !== null ? (
        <Progress
          percent={percent}
          size="small"
          data-testid="ota-upload-progress"
          format={(p) => t('otaApps.uploading', { percent: p })}
        />
      ) : null}
    </Modal>
  );
}
