import type { ScreenWidget } from '@fleet/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, msToNextSecond } from '../lib/clock';
import { FIT_CSS } from '../lib/document';
import { Frame, type WidgetEnv } from './widget-frame';

/** Static text: no bindings, drawn on the screen's background. */
export function TextWidget({
  widget,
  env,
}: {
  widget: Extract<ScreenWidget, { kind: 'text' }>;
  env: WidgetEnv;
}) {
  return (
    <Frame widget={widget} env={env} plain>
      <div
        className="cs-text"
        data-testid={`cs-text-${widget.id}`}
        style={{ fontSize: widget.fontSize, textAlign: widget.align, color: widget.color ?? env.theme.text }}
      >
        {widget.text}
      </div>
    </Frame>
  );
}

/**
 * The current time, re-rendered on every whole second. The tick lives in this component only, so a
 * clock never re-renders the rest of the screen.
 */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = new Date();
      setNow(at);
      timer = setTimeout(tick, msToNextSecond(at.getTime()));
    };
    timer = setTimeout(tick, msToNextSecond(Date.now()));
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** The date and / or time in the viewer's language and the screen's time zone. */
export function ClockWidget({
  widget,
  env,
}: {
  widget: Extract<ScreenWidget, { kind: 'clock' }>;
  env: WidgetEnv;
}) {
  const { i18n } = useTranslation();
  const now = useNow();
  return (
    <Frame widget={widget} env={env}>
      <div
        className="cs-clock"
        data-testid={`cs-clock-${widget.id}`}
        style={{ fontSize: widget.fontSize, color: widget.color ?? env.theme.text }}
      >
        {formatClock(now, widget.show, widget.seconds, i18n.language, env.timeZone)}
      </div>
    </Frame>
  );
}

/** An uploaded picture fitted into the frame (contain, cover or stretch). */
export function ImageWidget({
  widget,
  env,
}: {
  widget: Extract<ScreenWidget, { kind: 'image' }>;
  env: WidgetEnv;
}) {
  const { t } = useTranslation();
  return (
    <Frame widget={widget} env={env} plain={widget.src !== null}>
      {widget.src ? (
        <img
          className="cs-image"
          src={widget.src}
          alt={widget.title}
          draggable={false}
          style={{ objectFit: FIT_CSS[widget.fit].object }}
          data-testid={`cs-image-${widget.id}`}
        />
      ) : (
        <div className="cs-caption" style={{ color: env.theme.muted, textAlign: 'center' }}>
          {t('customScreens.image.none')}
        </div>
      )}
    </Frame>
  );
}
