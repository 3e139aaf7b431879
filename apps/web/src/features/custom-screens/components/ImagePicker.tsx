import { UploadOutlined } from '@ant-design/icons';
import { GRAPHLIB_MAX_BYTES, IMAGE_FITS } from '@fleet/contracts';
import { Button, Flex, Radio, Select, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite, usePermission } from '../../../shared/permission/permission';
import { useScreenImages } from '../api/graphlib-images';
import { useUploadScreenImage } from '../api/upload-screen-image';

/**
 * Chooses a screen image: a picture of the graph library (the SCADA symbols' upload store, so one
 * pipeline checks, stores and serves every upload) or a new upload into it. Reading the library needs
 * IndScada, uploading ScadaManager; without them the picker says so.
 */
export function ImagePicker({
  value,
  onChange,
  testId,
}: {
  value: string | null;
  onChange: (src: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const canList = usePermission('IndScada');
  const canUpload = useCanWrite('ScadaManager') && canList;
  const [search, setSearch] = useState('');
  const images = useScreenImages(search, canList);
  const upload = useUploadScreenImage();
  const options = useMemo(() => {
    const rows = (images.data?.rows ?? []).map((r) => ({ value: r.url, label: r.name }));
    // The current image may be outside this page of results (or from someone's library we can't list).
    return value && !rows.some((r) => r.value === value) ? [{ value, label: value }, ...rows] : rows;
  }, [images.data, value]);
  return (
    <Flex vertical gap={6}>
      {value ? <img src={value} alt="" className="cs-image-thumb" data-testid={`${testId}-thumb`} /> : null}
      {canList ? (
        <Select
          showSearch
          allowClear
          filterOption={false}
          onSearch={setSearch}
          value={value ?? undefined}
          placeholder={t('customScreens.image.choose')}
          loading={images.isFetching}
          notFoundContent={images.error ? t('customScreens.image.loadError') : t('customScreens.image.empty')}
          options={options}
          onChange={(src?: string) => onChange(src ?? null)}
          data-testid={`${testId}-select`}
        />
      ) : (
        <Typography.Text type="secondary">{t('customScreens.image.noPermission')}</Typography.Text>
      )}
      {canUpload ? (
        <Upload
          accept=".png,.svg,image/png,image/svg+xml"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            upload
              .mutateAsync({ file, categoryName: t('customScreens.image.category') })
              .then((row) => onChange(row.url))
              .catch(() => undefined);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} block data-testid={`${testId}-upload`}>
            {t('customScreens.image.upload')}
          </Button>
        </Upload>
      ) : null}
      {canUpload ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('customScreens.image.rule', { max: GRAPHLIB_MAX_BYTES / 1024 / 1024 })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** contain / cover / stretch. */
export function FitChoice({
  value,
  onChange,
  testId,
}: {
  value: (typeof IMAGE_FITS)[number];
  onChange: (fit: (typeof IMAGE_FITS)[number]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      optionType="button"
      onChange={(e) => onChange(e.target.value)}
      options={IMAGE_FITS.map((f) => ({ value: f, label: t(`customScreens.image.fits.${f}`) }))}
      data-testid={testId}
    />
  );
}
