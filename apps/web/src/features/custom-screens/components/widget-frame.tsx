import type { ScreenPoint, ScreenWidget } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import type { ScreenDataSource } from '../api/custom-screens';
import type { THEMES } from '../lib/document';

export type Theme = (typeof THEMES)[keyof typeof THEMES];

/** What every widget of a running screen shares. */
export interface WidgetEnv {
  source: ScreenDataSource;
  values: ReadonlyMap<number, ScreenPoint>;
  theme: Theme;
  /** The screen's time zone for clocks (null: the viewer's own). */
  timeZone: string | null;
  /** Values arrive through /wss (signed in); false: an external link, which polls. */
  live: boolean;
}

/** A widget's box: its panel (none when `plain`: text sits on the background), title and body. */
export function Frame({
  widget,
  env,
  plain = false,
  children,
}: {
  widget: ScreenWidget;
  env: WidgetEnv;
  plain?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      className="cs-widget"
      data-testid={`cs-widget-${widget.id}`}
      data-kind={widget.kind}
      style={{
        background: plain ? 'transparent' : env.theme.panel,
        borderColor: plain ? 'transparent' : env.theme.border,
        color: env.theme.text,
      }}
    >
      {widget.title ? (
        <div className="cs-widget-title" style={{ color: env.theme.muted }}>
          {widget.title}
        </div>
      ) : null}
      <div className="cs-widget-body">{children}</div>
    </div>
  );
}

export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="cs-widget-error" data-testid="cs-widget-error">
      {error instanceof Error ? error.message : t('customScreens.widget.noData')}
    </div>
  );
}
