import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type AssetImportFailure,
  type AssetImportResult,
  formatServerMessage,
  LANGUAGES,
  type Language,
} from '@fleet/contracts';
import { Alert, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { downloadAssetTemplate } from '../api/assets';
import { useImportAssets } from '../api/import-assets';

/** A failed row's reason in the page's language. */
export function reasonText(f: AssetImportFailure, language: string): string {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  return formatServerMessage(f.reason_key, f.reason_params, lang);
}

/** Import assets from an xlsx or csv file, all or nothing, with the row-by-row report of what failed. */
export function ImportAssetsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<AssetImportResult | null>(null);
  const run = useImportAssets();
  const close = () => {
    setFile(null);
    setResult(null);
    run.reset();
    onClose();
  };
  const start = () => {
    if (!file) return;
    setResult(null);
    run.mutateAsync(file).then(setResult).catch(notifyError);
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('assets.importDialog.title')}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="start"
          type="primary"
          disabled={!file}
          loading={run.isPending}
          onClick={start}
          data-testid="asset-import-start"
        >
          {t('assets.importDialog.start')}
        </Button>,
      ]}
    >
      <Flex vertical gap={12} data-testid="asset-import-dialog">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('assets.importDialog.hint')}
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadAssetTemplate().catch(notifyError)}>
            {t('assets.importDialog.template')}
          </Button>
          <Upload
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setResult(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="asset-import-choose">
              {t('assets.importDialog.choose')}
            </Button>
          </Upload>
        </Flex>
        {result && result.failed.length === 0 && (
          <Alert
            type="success"
            showIcon
            title={t('assets.importDialog.done', { count: result.created })}
            data-testid="asset-import-done"
          />
        )}
        {result && result.failed.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              title={t('assets.importDialog.failed', { count: result.failed.length, rows: result.rows })}
              data-testid="asset-import-failed"
            />
            <Table
              size="small"
              rowKey="row"
              pagination={result.failed.length > 10 ? { pageSize: 10 } : false}
              dataSource={result.failed}
              columns={[
                { title: t('assets.importDialog.row'), dataIndex: 'row', width: 70 },
                { title: t('assets.importDialog.code'), dataIndex: 'code', width: 140 },
                {
                  title: t('assets.importDialog.reason'),
                  dataIndex: 'reason',
                  render: (_: string, f: AssetImportFailure) => reasonText(f, i18n.language),
                },
              ]}
              data-testid="asset-import-report"
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
