import { UploadOutlined } from '@ant-design/icons';
import type { ScadaImportBody, ScadaKind } from '@fleet/contracts';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../shared/api/errors';
import { useTemplates } from '../../../devices/api/list-templates';
import { parseImportFile, useImportScada } from '../api/import-scada';

/** The file's text (FileReader: Blob.text() is missing in older browsers and in jsdom). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * Import a `.scada.json` export into this list. The file is read and checked for the export format in
 * the browser; the server validates the drawing itself, and its refusal (an invalid element, a newer
 * format, the SCADA limit) is shown here, translated, where the user chose the file.
 */
export function ImportModal({
  kind,
  open,
  onClose,
}: {
  kind: ScadaKind;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; body: ScadaImportBody } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState<number | undefined>();
  const importing = useImportScada();
  const templates = useTemplates({ page: 1, limit: 100, search: '' }, open && kind === 'template');

  const reset = () => {
    setFile(null);
    setProblem(null);
    setName('');
    setTemplateId(undefined);
    importing.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = async (picked: File) => {
    setProblem(null);
    setFile(null);
    const text = await readText(picked).catch(() => null);
    if (text === null) {
      setProblem(t('scadaList.importNotJson'));
      return;
    }
    const parsed = parseImportFile(text);
    if (!parsed.ok) {
      setProblem(t(parsed.problem === 'notJson' ? 'scadaList.importNotJson' : 'scadaList.importNotScada'));
      return;
    }
    if (parsed.file.kind !== kind) {
      setProblem(t('scadaList.importWrongKind', { kind: t(`scadaList.kind_${parsed.file.kind}`) }));
      return;
    }
    setFile({ name: picked.name, body: parsed.file });
    setTemplateId(parsed.file.template_id ?? undefined);
  };

  const submit = async () => {
    if (!file) return;
    setProblem(null);
    const body: ScadaImportBody = {
      ...file.body,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(kind === 'template' ? { template_id: templateId ?? null } : {}),
    };
    try {
      const row = await importing.mutateAsync(body);
      void message.success(t('scadaList.imported', { name: row.name }));
      close();
    } catch (error) {
      setProblem(t('scadaList.importFailed', { reason: messageOf(error, t, i18n.language) }));
    }
  };

  return (
    <Modal
      open={open}
      title={t('scadaList.importTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !file, 'data-testid': 'scada-import-ok' }}
      confirmLoading={importing.isPending}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="scada-import-modal">
        <Typography.Text type="secondary">{t('scadaList.importHint')}</Typography.Text>
        <Upload
          accept=".json,application/json"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            void pick(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="scada-import-pick">
            {t('scadaList.importPick')}
          </Button>
        </Upload>
        {file && (
          <Typography.Text data-testid="scada-import-file">
            {t('scadaList.importFileName', { name: file.name })}
          </Typography.Text>
        )}
        {file && (
          <Form layout="vertical">
            <Form.Item label={t('scadaList.name')} help={t('scadaList.importNameHelp')}>
              <Input
                value={name}
                placeholder={file.body.name}
                maxLength={64}
                onChange={(e) => setName(e.target.value)}
                data-testid="scada-import-name"
              />
            </Form.Item>
            {kind === 'template' && (
              <Form.Item label={t('scadaList.deviceTemplate')} required>
                <Select
                  showSearch
                  optionFilterProp="label"
                  value={templateId}
                  onChange={setTemplateId}
                  loading={templates.isFetching}
                  placeholder={t('scadaList.deviceTemplatePlaceholder')}
                  options={(templates.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }))}
                />
              </Form.Item>
            )}
          </Form>
        )}
        {problem && <Alert type="error" showIcon message={problem} data-testid="scada-import-error" />}
      </Flex>
    </Modal>
  );
}
