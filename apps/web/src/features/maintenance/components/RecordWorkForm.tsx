import { CameraOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkOrderDetail } from '@fleet/contracts';
import { App, Button, Flex, Input, InputNumber, Segmented, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadWorkOrderFile } from '../api/upload-work-order-file';
import { useWorkOrderAction } from '../api/work-order-action';
import { AuthImage } from './AuthImage';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';

type Check = 'done' | 'failed' | undefined;

/**
 * Record work on a phone: photos from the camera (uploaded at once, by content hash), the checklist,
 * parts used, a note and the technician's signature. Big touch targets; one Save sends it all.
 */
export function RecordWorkForm({ order, onSaved }: { order: WorkOrderDetail; onSaved?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadWorkOrderFile();
  const action = useWorkOrderAction();
  const signature = useRef<SignaturePadHandle>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const [checks, setChecks] = useState<Check[]>(() => order.checklist.map(() => undefined));
  const [parts, setParts] = useState<{ name: string; qty: number }[]>([]);
  const [note, setNote] = useState('');
  const [signed, setSigned] = useState(false);

  const addPhotos = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const row = await upload
        .mutateAsync({ orderId: order.id, kind: 'photo', file, name: file.name })
        .catch(() => null);
      if (row) setPhotos((list) => (list.includes(row.hash) ? list : [...list, row.hash]));
    }
  };

  const save = async () => {
    const checklist = checks.flatMap((c, index) => (c ? [{ index, done: c === 'done', note: '' }] : []));
    const usedParts = parts
      .filter((p) => p.name.trim() && p.qty > 0)
      .map((p) => ({ ...p, name: p.name.trim() }));
    let signatureHash: string | null = null;
    const png = signed ? await signature.current?.toPng() : null;
    if (png) {
      const row = await upload
        .mutateAsync({ orderId: order.id, kind: 'signature', file: png, name: 'signature.png' })
        .catch(() => null);
      if (!row) return;
      signatureHash = row.hash;
    }
    if (
      !note.trim() &&
      photos.length === 0 &&
      !signatureHash &&
      checklist.length === 0 &&
      usedParts.length === 0
    ) {
      void message.warning(t('maintenance.record.nothing'));
      return;
    }
    const saved = await action
      .mutateAsync({
        id: order.id,
        event: 'record',
        body: { note: note.trim(), photos, signature: signatureHash, checklist, parts: usedParts },
      })
      .catch(() => null);
    if (!saved) return;
    void message.success(t('maintenance.done'));
    setPhotos([]);
    setParts([]);
    setNote('');
    signature.current?.clear();
    onSaved?.();
  };

  return (
    <Flex vertical gap={16} data-testid="record-work-form">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('maintenance.record.title')}
      </Typography.Title>
      <section>
        <Typography.Text strong>{t('maintenance.record.photos')}</Typography.Text>
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          {photos.map((hash) => (
            <AuthImage key={hash} orderId={order.id} hash={hash} alt={t('maintenance.photoAlt')} size={72} />
          ))}
          <label className="work-order-photo-input" style={{ display: 'block' }}>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              style={{ display: 'none' }}
              data-testid="record-photo-input"
              onChange={(e) => {
                void addPhotos(e.target.files);
                e.target.value = '';
              }}
            />
            <Button
              size="large"
              icon={<CameraOutlined />}
              loading={upload.isPending}
              style={{ height: 72, pointerEvents: 'none' }}
              tabIndex={-1}
            >
              {t('maintenance.record.addPhoto')}
            </Button>
          </label>
        </Flex>
      </section>
      {order.checklist.length > 0 && (
        <section>
          <Typography.Text strong>{t('maintenance.field.checklist')}</Typography.Text>
          <Flex vertical gap={8} style={{ marginTop: 8 }}>
            {order.checklist.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: checklist items are positional (results go by index)
              <Flex key={i} justify="space-between" align="center" gap={8} wrap>
                <Typography.Text>{item.label}</Typography.Text>
                <Segmented
                  size="large"
                  value={checks[i] ?? ''}
                  data-testid={`record-check-${i}`}
                  options={[
                    { value: 'done', label: t('maintenance.record.checkDone') },
                    { value: 'failed', label: t('maintenance.record.checkFailed') },
                  ]}
                  onChange={(v) => setChecks((list) => list.map((c, j) => (j === i ? (v as Check) : c)))}
                />
              </Flex>
            ))}
          </Flex>
        </section>
      )}
      <section>
        <Typography.Text strong>{t('maintenance.record.parts')}</Typography.Text>
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          {parts.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are saved
            <Flex key={i} gap={8}>
              <Input
                size="large"
                placeholder={t('maintenance.record.partName')}
                value={p.name}
                maxLength={100}
                onChange={(e) =>
                  setParts((l) => l.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                }
              />
              <InputNumber
                size="large"
                min={1}
                value={p.qty}
                aria-label={t('maintenance.record.partQty')}
                style={{ width: 90 }}
                onChange={(v) =>
                  setParts((l) => l.map((x, j) => (j === i ? { ...x, qty: Number(v) || 0 } : x)))
                }
              />
              <Button
                size="large"
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => setParts((l) => l.filter((_, j) => j !== i))}
              />
            </Flex>
          ))}
          <Button
            size="large"
            icon={<PlusOutlined />}
            onClick={() => setParts((l) => [...l, { name: '', qty: 1 }])}
          >
            {t('maintenance.record.addPart')}
          </Button>
        </Flex>
      </section>
      <Input.TextArea
        rows={3}
        maxLength={2000}
        placeholder={t('maintenance.field.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        data-testid="record-note"
      />
      <section>
        <Typography.Text strong>{t('maintenance.record.signature')}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <SignaturePad ref={signature} onChange={(empty) => setSigned(!empty)} />
        </div>
      </section>
      <Button
        type="primary"
        size="large"
        block
        loading={action.isPending || upload.isPending}
        onClick={() => void save()}
        data-testid="record-save"
      >
        {t('maintenance.record.save')}
      </Button>
    </Flex>
  );
}
