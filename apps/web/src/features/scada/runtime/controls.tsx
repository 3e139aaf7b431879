import type { CommandRow, DataPointRow } from '@fleet/contracts';
import {
  type Element,
  formatPointValue,
  resolveWriteValue,
  type Scalar,
  toNumber,
  type Visual,
} from '@fleet/scada-model';
import { App, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reactionTo } from '../../../shared/api/errors';
import i18n from '../../../shared/i18n';
import { commandStatusView, nextCommandCheck } from '../../devices/lib/live-format';
import { pointInfo, type RuntimeContextValue, useRuntime, type WriteDenial } from './runtime-context';

type Control = Extract<Element, { kind: 'button' | 'switch' | 'numericInput' }>;

/** What the element shows of its last write: sending, then the SPEC 4 status, or a failure. */
export type WriteState =
  | { phase: 'sending' }
  | { phase: 'status'; row: CommandRow }
  | { phase: 'failed'; reason: string };

const DENIAL_KEY: Record<WriteDenial, string> = {
  noPoint: 'scada.runtime.write.noPoint',
  pointReadOnly: 'scada.runtime.write.pointReadOnly',
  readOnlyAccount: 'scada.runtime.write.readOnlyAccount',
  denied: 'scada.runtime.write.denied',
  deniedParam: 'scada.runtime.write.deniedParam',
};

const FAILED = new Set(['fail', 'error', 'networkError', 'notAuthorized']);

/** The message of a failed request, in the user's language. */
function reasonOf(error: unknown): string {
  const reaction = reactionTo(error, (key) => i18n.t(key), i18n.language);
  return reaction.kind === 'toast' ? reaction.text : i18n.t('errors.operationFailed');
}

/**
 * Sends a control's write through the command API (with confirmation when the document asks for it)
 * and follows the command's SPEC 4 status: re-read 2 s after sending, then every 2 s while pending.
 */
function useWrite(el: Control, ctx: RuntimeContextValue) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const pointId = el.write.point.by === 'id' ? el.write.point.pointId : `name:${el.write.point.name}`;
  const point = ctx.points.get(pointId);
  const denial = ctx.writeDenial(point, el.write.permission);
  const [state, setState] = useState<WriteState | null>(null);
  const sentAt = useRef(0);

  useEffect(() => {
    if (state?.phase !== 'status') return;
    const delay = nextCommandCheck(state.row.status, Date.now() - sentAt.current);
    if (delay === null) return;
    let live = true;
    const timer = setTimeout(() => {
      ctx
        .commandStatus(state.row.id)
        .then((row) => live && setState({ phase: 'status', row }))
        .catch(() => live && setState({ phase: 'status', row: { ...state.row } }));
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [state, ctx]);

  const send = async (p: DataPointRow, value: Scalar) => {
    setState({ phase: 'sending' });
    try {
      const row = await ctx.send(p, value);
      sentAt.current = Date.now();
      setState({ phase: 'status', row });
    } catch (error) {
      setState({ phase: 'failed', reason: reasonOf(error) });
    }
  };

  /** `input`: the point's current value (switch) or the typed number (input); null for a button. */
  const run = (input: Scalar | null) => {
    if (denial || !point) return;
    const value = resolveWriteValue(el.write, input);
    if (value === null) {
      void message.warning(t('scada.runtime.write.nothingToSend'));
      return;
    }
    if (!el.write.confirm) {
      void send(point, value);
      return;
    }
    const shown = typeof value === 'number' ? formatPointValue(value, pointInfo(point), {}) : String(value);
    modal.confirm({
      title: t('scada.runtime.write.confirmTitle'),
      content:
        el.write.confirmText ||
        t('scada.runtime.write.confirmBody', { value: shown, point: point.title || point.name }),
      okText: t('scada.runtime.write.ok'),
      cancelText: t('scada.runtime.write.cancel'),
      okButtonProps: { className: 'scada-confirm-ok' },
      cancelButtonProps: { className: 'scada-confirm-cancel' },
      onOk: () => {
        void send(point, value);
      },
    });
  };
  return { point, pointId, denial, state, run };
}

/** The status line under a control. */
function WriteBadge({ state, x, y, w }: { state: WriteState; x: number; y: number; w: number }) {
  const { t } = useTranslation();
  let text: string;
  let colour: string;
  let status: string;
  if (state.phase === 'sending') {
    text = t('scada.runtime.write.sending');
    colour = '#1677ff';
    status = 'sending';
  } else if (state.phase === 'failed') {
    text = t('scada.runtime.write.failed', { reason: state.reason });
    colour = '#cf1322';
    status = 'failed';
  } else {
    const view = commandStatusView(state.row.status);
    const label = t(view.key);
    status = state.row.status;
    const failed = FAILED.has(status);
    text =
      failed && state.row.error
        ? t('scada.runtime.write.failed', { reason: `${label} · ${state.row.error}` })
        : label;
    colour = failed ? '#cf1322' : status === 'resp' ? '#389e0d' : '#1677ff';
  }
  const width = Math.max(w, Math.min(360, text.length * 8 + 16));
  return (
    <g data-testid="scada-command-status" data-status={status} pointerEvents="none">
      <rect
        x={x + w / 2 - width / 2}
        y={y + 4}
        width={width}
        height={20}
        rx={10}
        fill={colour}
        fillOpacity={0.12}
        stroke={colour}
      />
      <text
        x={x + w / 2}
        y={y + 14}
        dominantBaseline="central"
        textAnchor="middle"
        fontSize={12}
        fill={colour}
      >
        {text}
      </text>
    </g>
  );
}

function truthy(value: Scalar | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  // The model's boolean semantics: text is on unless empty or "0"; numbers and booleans when non-zero.
  if (typeof value === 'string') return value !== '' && value !== '0';
  return toNumber(value) !== 0;
}

/** A button, switch or numeric input: drawn in SVG, writing through the command API. */
export function ControlView({ id, el, v }: { id: string; el: Control; v: Visual }) {
  const ctx = useRuntime();
  const { t } = useTranslation();
  const { point, pointId, denial, state, run } = useWrite(el, ctx);
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState<number | null>(null);
  const { x, y, w, h } = el.frame;
  const current = ctx.store.get(pointId)?.value ?? null;
  const disabled = denial !== null;
  const reason = denial ? t(DENIAL_KEY[denial]) : null;
  const activate = () => {
    if (disabled) return;
    if (el.kind === 'button') run(null);
    else if (el.kind === 'switch') run(current ?? 0);
    else {
      setTyped(typeof current === 'number' ? current : null);
      setEditing(true);
    }
  };
  const fontSize = Math.max(10, Math.min(18, h * 0.42));
  let face: React.ReactNode;
  if (el.kind === 'button') {
    face = (
      <>
        <rect
          x={x}
          y={y}
          width={w}
          height={h}
          rx={6}
          fill={disabled ? '#d9d9d9' : (v.fill ?? '#1677ff')}
          stroke={v.stroke ?? 'none'}
        />
        <text
          x={x + w / 2}
          y={y + h / 2}
          dominantBaseline="central"
          textAnchor="middle"
          fontSize={fontSize}
          fill={disabled ? '#8c8c8c' : '#ffffff'}
          fontWeight={500}
        >
          {v.text ?? el.label}
        </text>
      </>
    );
  } else if (el.kind === 'switch') {
    const on = truthy(current);
    const r = h / 2;
    face = (
      <>
        <rect
          x={x}
          y={y}
          width={w}
          height={h}
          rx={r}
          fill={disabled ? '#e8e8e8' : on ? (v.fill ?? '#52c41a') : '#bfbfbf'}
          data-on={on}
        />
        <circle cx={on ? x + w - r : x + r} cy={y + r} r={r - 3} fill="#ffffff" />
        <text
          x={on ? x + (w - h) / 2 + 4 : x + h + (w - h) / 2 - 4}
          y={y + r}
          dominantBaseline="central"
          textAnchor="middle"
          fontSize={fontSize * 0.85}
          fill={disabled ? '#8c8c8c' : '#ffffff'}
          fontWeight={500}
        >
          {v.text ?? (on ? el.onLabel : el.offLabel)}
        </text>
      </>
    );
  } else {
    const shown = current === null ? '—' : formatPointValue(current, pointInfo(point), { translate: false });
    face = (
      <>
        <rect
          x={x}
          y={y}
          width={w}
          height={h}
          rx={4}
          fill={disabled ? '#f5f5f5' : '#ffffff'}
          stroke={v.stroke ?? (disabled ? '#d9d9d9' : '#1677ff')}
        />
        <text
          x={x + 8}
          y={y + h / 2}
          dominantBaseline="central"
          fontSize={fontSize}
          fill={disabled ? '#8c8c8c' : '#262626'}
        >
          {v.text ?? shown}
        </text>
        <text
          x={x + w - 8}
          y={y + h / 2}
          dominantBaseline="central"
          textAnchor="end"
          fontSize={fontSize * 0.8}
          fill={disabled ? '#bfbfbf' : '#1677ff'}
        >
          {t('scada.runtime.write.set')}
        </text>
      </>
    );
  }
  const range = el.kind === 'numericInput' ? { min: el.min, max: el.max } : null;
  const typedOk = typed !== null && range !== null && typed >= range.min && typed <= range.max;
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG control of the drawing */}
      <g
        className={disabled ? 'scada-disabled' : 'scada-control'}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        aria-label={el.kind === 'button' ? el.label : undefined}
        data-testid={`scada-control-${id}`}
        data-disabled={disabled ? denial : undefined}
        onClick={activate}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && activate()}
      >
        {reason ? <title>{reason}</title> : null}
        {face}
      </g>
      {state ? <WriteBadge state={state} x={x} y={y + h} w={w} /> : null}
      {el.kind === 'numericInput' && editing ? (
        <Modal
          open
          title={point ? point.title || point.name : undefined}
          okText={t('scada.runtime.write.set')}
          cancelText={t('scada.runtime.write.cancel')}
          okButtonProps={{ disabled: !typedOk, className: 'scada-input-ok' }}
          onCancel={() => setEditing(false)}
          onOk={() => {
            setEditing(false);
            if (typed !== null) run(typed);
          }}
          destroyOnHidden
          width={320}
        >
          <InputNumber
            autoFocus
            style={{ width: '100%' }}
            min={el.min}
            max={el.max}
            step={el.step}
            value={typed}
            onChange={(n) => setTyped(typeof n === 'number' ? n : null)}
            addonAfter={point?.unit || undefined}
            data-testid="scada-input-value"
          />
          {typed !== null && !typedOk ? (
            <Typography.Text type="danger">
              {t('scada.runtime.write.outOfRange', { min: el.min, max: el.max })}
            </Typography.Text>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}
