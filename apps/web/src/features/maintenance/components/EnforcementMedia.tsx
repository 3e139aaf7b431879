import type { EnforcementFileRow } from '@fleet/contracts';
import { Image, Skeleton } from 'antd';
import { useEnforcementFile } from '../api/enforcement-file';

/** A record's photo or video, fetched with the token and shown from memory. */
export function EnforcementMedia({
  recordId,
  file,
  size = 96,
}: {
  recordId: number;
  file: EnforcementFileRow;
  size?: number;
}) {
  const url = useEnforcementFile(recordId, file.hash);
  if (!url.data) return <Skeleton.Image active={url.isLoading} style={{ width: size, height: size }} />;
  if (file.kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: evidence footage has no captions
      <video
        src={url.data}
        controls
        preload="metadata"
        style={{ width: size * 2, height: size, borderRadius: 6, background: '#000' }}
        data-testid="enforcement-video"
      />
    );
  return (
    <Image
      src={url.data}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0' }}
      data-testid="enforcement-photo"
    />
  );
}
