import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import type { AssetDetail, AssetFileRow } from '@fleet/contracts';
import { App, Button, Flex, Image, List, Skeleton, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { Permit } from '../../../shared/permission/Permit';
import { useCanWrite } from '../../../shared/permission/permission';
import { useAssetFile } from '../api/asset-file';
import { fetchAssetFile } from '../api/assets';
import { useDeleteAssetFile } from '../api/delete-asset-file';
import { useUploadAssetFile } from '../api/upload-asset-file';

function Thumb({ assetId, file }: { assetId: number; file: AssetFileRow }) {
  const image = file.mime.startsWith('image/');
  const url = useAssetFile(assetId, file.hash, image);
  if (!image) return <FilePdfOutlined style={{ fontSize: 40, color: '#cf1322', width: 56 }} />;
  if (!url.data) return <Skeleton.Image active={url.isLoading} style={{ width: 56, height: 56 }} />;
  return (
    <Image
      src={url.data}
      alt={file.name}
      width={56}
      height={56}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      data-testid="asset-attachment-image"
    />
  );
}

const kb = (size: number) =>
  size < 1024 * 1024 ? `${Math.ceil(size / 1024)} KB` : `${(size / 1048576).toFixed(1)} MB`;

/** The asset's photos and documents: thumbnails, open a PDF, upload, remove. */
export function AssetAttachments({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadAssetFile();
  const remove = useDeleteAssetFile();
  const mayEdit = useCanWrite('maintenance.Asset/edit');
  const open = (file: AssetFileRow) =>
    fetchAssetFile(asset.id, file.hash)
      .then((url) => window.open(url, '_blank', 'noopener'))
      .catch(notifyError);

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('assets.files.title')}
        </Typography.Title>
        <Permit perm="maintenance.Asset/edit">
          <Upload
            accept="image/jpeg,image/png,application/pdf"
            showUploadList={false}
            beforeUpload={(file) => {
              upload
                .mutateAsync({ id: asset.id, file })
                .then(() => void message.success(t('assets.files.uploaded')))
                .catch(notifyError);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="asset-file-upload">
              {t('assets.files.upload')}
            </Button>
          </Upload>
        </Permit>
      </Flex>
      {mayEdit && <Typography.Text type="secondary">{t('assets.files.hint')}</Typography.Text>}
      <List
        size="small"
        dataSource={asset.attachments}
        locale={{ emptyText: t('assets.files.none') }}
        renderItem={(file) => (
          <List.Item
            data-testid="asset-attachment"
            actions={[
              <Button key="open" type="link" size="small" onClick={() => void open(file)}>
                {t('assets.files.open')}
              </Button>,
              ...(mayEdit
                ? [
                    <DeleteAction
                      key="delete"
                      name={file.name}
                      onDelete={() => remove.mutateAsync({ id: asset.id, hash: file.hash })}
                    />,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={<Thumb assetId={asset.id} file={file} />}
              title={
                <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                  {file.name}
                </Typography.Text>
              }
              description={kb(file.size)}
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
