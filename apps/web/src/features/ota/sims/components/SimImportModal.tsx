import { UploadOutlined } from '@ant-design/icons';
import type { OtaLineFailure } from '@fleet/contracts';
import { App, Button, Flex, Input, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/api/client';
import { LineFailures } from '../../gateways/components/LineFailures';
import { lineFailuresOf } from '../../gateways/lib/line-failures';
import { useImportOtaSims } from '../api/import-sims';
import { parseSimLines } from '../lib/sim-format';

/**
 * Import SIM cards from CSV lines (pasted or from a .csv file). All or nothing: the lines refused
 * here or by the server (a repeat, an ICCID registered already) are listed by line; nothing is saved.
 */
export function SimImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [failures, setFailures] = useState<{ list: OtaLineFailure[]; values: string[] } | null>(null);
  const run = useImportOtaSims();
  const parsed = parseSimLines(text);

  const reset = () => {
    setText('');
    setFailures(null);
  };

  const submit = async () => {
    setFailures(null);
    // Lines refused here never reach the server; their reason is translated from `client.*`.
    const local = parsed.failed.map((f) => ({ ...f, reason: t(`otaSims.import.${f.reason_key}`) }));
    if (local.length > 0) {
      setFailures({ list: local, values: parsed.values });
      return;
    }
    try {
      const result = await run.mutateAsync({ sims: parsed.sims });
      void message.success(t('otaSims.import.done', { count: result.created }));
      reset();
      onClose();
    } catch (error) {
      const list = lineFailuresOf(error);
      if (!list) return notifyError(error);
      // The server counts items; the user sees lines, so a repeat names the line it repeats.
      const lineOfValue = (value: string) => parsed.values.findIndex((v) => v.toUpperCase() === value) + 1;
      setFailures({
        list: list.map((f) => ({
          ...f,
          row: parsed.lineOf[f.row - 1] ?? f.row,
          ...(f.reason_key === 'ota.duplicateIccid'
            ? {
                reason: t('otaSims.import.repeatsLine', { iccid: f.value, line: lineOfValue(f.value) }),
                reason_key: 'client.repeat',
              }
            : {}),
        })),
        values: parsed.values,
      });
    }
  };

  const loadFile = (file: File) => {
    file.text().then(setText).catch(notifyError);
    return false;
  };

  return (
    <Modal
      open={open}
      title={t('otaSims.import.title')}
      onCancel={onClose}
      afterClose={reset}
      onOk={() => void submit()}
      okText={t('otaSims.import.submit')}
      okButtonProps={{
        disabled: parsed.sims.length + parsed.failed.length === 0,
        'data-testid': 'ota-sim-import-submit',
      }}
      confirmLoading={run.isPending}
      width={720}
      destroyOnHidden
      data-testid="ota-sim-import-modal"
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('otaSims.import.help')}
          <br />
          <Typography.Text code>
            89860012345678901234,china-mobile,active,2027-01-31,0,1024,remark
          </Typography.Text>
        </Typography.Paragraph>
        <Input.TextArea
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('otaSims.import.title')}
          data-testid="ota-sim-import-text"
        />
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" data-testid="ota-sim-import-count">
            {t('otaSims.import.count', { count: parsed.sims.length + parsed.failed.length })}
          </Typography.Text>
          <Upload accept=".csv,.txt" showUploadList={false} beforeUpload={loadFile}>
            <Button size="small" icon={<UploadOutlined />}>
              {t('otaGateways.form.fromFile')}
            </Button>
          </Upload>
        </Flex>
        {failures && (
          <LineFailures
            failures={failures.list}
            values={failures.values}
            positionLabel={t('otaGateways.failures.line')}
            testId="ota-sim-import-failures"
          />
        )}
      </Flex>
    </Modal>
  );
}
