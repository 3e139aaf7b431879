import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportFailure } from '@fleet/contracts';
import { Alert, App, Button, Flex, Input, Modal, Segmented, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { downloadImportTemplate, useImportDevices } from '../api/import-devices';
import { parseImeiLines } from '../lib/imei';

/** Import devices from the xlsx template or pasted IMEIs (SPEC 5: one per line); shows the failure report. */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [mode, setMode] = useState<'file' | 'paste'>('paste');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [failed, setFailed] = useState<ImportFailure[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useImportDevices();
  const parsed = parseImeiLines(text);

  const reset = () => {
    setFile(null);
    setText('');
    setFailed(null);
    setProblem(null);
  };

  const submit = async () => {
    setFailed(null);
    setProblem(null);
    if (mode === 'file' && !file) {
      setProblem(t('devices.import.noFile'));
      return;
    }
    try {
      const result = await run.mutateAsync(mode === 'file' && file ? { file } : { imeis: { imeis: text } });
      void message.success(t('devices.import.done', { count: result.created }));
      reset();
      onClose();
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { failed?: ImportFailure[] } | null) : null;
      if (data?.failed?.length) {
        setFailed(data.failed);
        setProblem(t('devices.import.failed'));
      } else if (error instanceof ApiError && error.code === 10002) setProblem(error.serverMsg);
      else notifyError(error);
    }
  };

  const download = () => downloadImportTemplate().catch((e) => notifyError(e));

  return (
    <Modal
      open={open}
      title={t('devices.import.title')}
      onCancel={onClose}
      afterClose={reset}
      onOk={() => void submit()}
      okText={t('devices.import.submit')}
      okButtonProps={{
        'data-testid': 'import-submit',
        disabled: mode === 'paste' && parsed.imeis.length === 0,
      }}
      confirmLoading={run.isPending}
      width={640}
      destroyOnHidden
      data-testid="import-modal"
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center">
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'file' | 'paste')}
            options={[
              { value: 'paste', label: t('devices.import.paste') },
              { value: 'file', label: t('devices.import.file') },
            ]}
          />
          <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid="import-download">
            {t('devices.import.download')}
          </Button>
        </Flex>
        {mode === 'file' ? (
          <Upload
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>{t('devices.import.upload')}</Button>
          </Upload>
        ) : (
          <>
            <Input.TextArea
              rows={6}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('devices.import.imeis')}
              data-testid="import-imeis"
            />
            <Typography.Text type={parsed.invalid.length ? 'danger' : 'secondary'}>
              {t('devices.import.imeiCount', { count: parsed.imeis.length })}
              {parsed.invalid.length > 0 &&
                ` · ${t('devices.form.imeiRule')}: #${parsed.invalid.join(', #')}`}
            </Typography.Text>
          </>
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="import-problem" />}
        {failed && (
          <Table<ImportFailure>
            size="small"
            rowKey={(r) => `${r.row}-${r.imei}`}
            dataSource={failed}
            pagination={false}
            scroll={{ y: 240 }}
            data-testid="import-failures"
            columns={[
              { title: t('devices.import.row'), dataIndex: 'row', width: 70 },
              { title: 'IMEI', dataIndex: 'imei', width: 180 },
              { title: t('devices.import.reason'), dataIndex: 'reason' },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
