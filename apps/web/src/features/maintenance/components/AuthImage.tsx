import { Image, Skeleton } from 'antd';
import { useWorkOrderFile } from '../api/work-order-file';

/** A photo or signature of an order (fetched with the token, shown from memory). */
export function AuthImage({
  orderId,
  hash,
  alt,
  size = 88,
  width,
  fit = 'cover',
}: {
  orderId: number;
  hash: string;
  alt: string;
  size?: number;
  /** Wider than high (a signature). */
  width?: number;
  /** A signature is shown whole ('contain'); photos fill their square. */
  fit?: 'cover' | 'contain';
}) {
  const file = useWorkOrderFile(orderId, hash);
  if (!file.data)
    return <Skeleton.Image active={file.isLoading} style={{ width: width ?? size, height: size }} />;
  return (
    <Image
      src={file.data}
      alt={alt}
      width={width ?? size}
      height={size}
      style={{ objectFit: fit, borderRadius: 6, background: '#fff', border: '1px solid #f0f0f0' }}
      data-testid="work-order-image"
    />
  );
}
