import { Button, Flex, Typography } from 'antd';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignaturePadHandle {
  /** The drawing as a PNG, or null while nothing is drawn. */
  toPng(): Promise<Blob | null>;
  clear(): void;
}

const HEIGHT = 180;

/**
 * The technician signs with a finger (or mouse) on a canvas: pointer events, no library. The canvas
 * keeps the device pixel ratio so the stroke is sharp on a phone; `touch-action: none` stops the page
 * from scrolling while signing.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { onChange?: (empty: boolean) => void }>(
  function SignaturePad({ onChange }, ref) {
    const { t } = useTranslation();
    const canvas = useRef<HTMLCanvasElement>(null);
    const drawing = useRef(false);
    const [empty, setEmpty] = useState(true);

    const context = () => canvas.current?.getContext('2d') ?? null;

    const resize = useCallback(() => {
      const c = canvas.current;
      if (!c) return;
      const ratio = window.devicePixelRatio || 1;
      c.width = Math.round(c.clientWidth * ratio);
      c.height = Math.round(HEIGHT * ratio);
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.scale(ratio, ratio);
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#111';
      setEmpty(true);
    }, []);
    useEffect(resize, [resize]);
    useEffect(() => onChange?.(empty), [empty, onChange]);

    const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
      const rect = e.currentTarget.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };

    useImperativeHandle(ref, () => ({
      toPng: () =>
        new Promise((resolve) => {
          if (empty || !canvas.current) resolve(null);
          else canvas.current.toBlob((blob) => resolve(blob), 'image/png');
        }),
      clear: resize,
    }));

    return (
      <Flex vertical gap={4}>
        <canvas
          ref={canvas}
          data-testid="signature-pad"
          aria-label={t('maintenance.record.signHere')}
          style={{
            width: '100%',
            height: HEIGHT,
            border: '1px dashed #999',
            borderRadius: 8,
            background: '#fff',
            touchAction: 'none',
            cursor: 'crosshair',
          }}
          onPointerDown={(e) => {
            const ctx = context();
            if (!ctx) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            drawing.current = true;
            const { x, y } = point(e);
            ctx.beginPath();
            ctx.moveTo(x, y);
            ctx.lineTo(x + 0.1, y + 0.1);
            ctx.stroke();
            setEmpty(false);
          }}
          onPointerMove={(e) => {
            const ctx = context();
            if (!drawing.current || !ctx) return;
            const { x, y } = point(e);
            ctx.lineTo(x, y);
            ctx.stroke();
          }}
          onPointerUp={() => {
            drawing.current = false;
          }}
          onPointerCancel={() => {
            drawing.current = false;
          }}
        />
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{t('maintenance.record.signHere')}</Typography.Text>
          <Button size="large" onClick={resize} disabled={empty} data-testid="signature-clear">
            {t('maintenance.record.clearSignature')}
          </Button>
        </Flex>
      </Flex>
    );
  },
);
