import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BlockOutlined,
  BorderOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExpandOutlined,
  GroupOutlined,
  LockOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  SaveOutlined,
  SnippetsOutlined,
  UndoOutlined,
  UngroupOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { canRedo, canUndo } from '@fleet/scada-model';
import { Button, Divider, Dropdown, Flex, InputNumber, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as act from './actions';
import { useDesigner } from './store';

function Tool({
  title,
  icon,
  onClick,
  disabled,
  testId,
  children,
}: {
  title: string;
  icon?: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={title}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

export interface ToolbarProps {
  name: string;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onRun: () => void;
  onPublish?: () => void;
}

/** Edit, arrange and view commands, and save / run / publish. */
export function Toolbar({ name, dirty, saving, onSave, onRun, onPublish }: ToolbarProps) {
  const { t } = useTranslation();
  const history = useDesigner((s) => s.history);
  const selection = useDesigner((s) => s.selection);
  const view = useDesigner((s) => s.view);
  const grid = useDesigner((s) => s.grid);
  const clip = useDesigner((s) => s.clip);
  const s = useDesigner.getState();
  const none = selection.length === 0;
  const T = (k: string) => t(`scada.designer.tool.${k}`);
  const alignItems = (['left', 'hcenter', 'right', 'top', 'vcenter', 'bottom'] as const).map((m) => ({
    key: m,
    label: T(`align_${m}`),
    disabled: selection.length < 2,
    onClick: () => act.align(m),
  }));
  const distributeItems = (['x', 'y'] as const).map((a) => ({
    key: `d${a}`,
    label: T(`distribute_${a}`),
    disabled: selection.length < 3,
    onClick: () => act.distribute(a),
  }));
  return (
    <Flex align="center" gap={4} wrap data-testid="sd-toolbar" style={{ padding: '4px 0' }}>
      <Typography.Text strong style={{ marginRight: 8, maxWidth: 220 }} ellipsis data-testid="sd-name">
        {name}
      </Typography.Text>
      {dirty ? (
        <Tag color="orange" data-testid="sd-dirty">
          {T('unsaved')}
        </Tag>
      ) : (
        <Tag data-testid="sd-clean">{T('saved')}</Tag>
      )}
      <Tool
        title={`${T('undo')} (Ctrl+Z)`}
        icon={<UndoOutlined />}
        onClick={s.undo}
        disabled={!canUndo(history)}
        testId="sd-undo"
      />
      <Tool
        title={`${T('redo')} (Ctrl+Y)`}
        icon={<RedoOutlined />}
        onClick={s.redo}
        disabled={!canRedo(history)}
        testId="sd-redo"
      />
      <Divider orientation="vertical" />
      <Tool
        title={`${T('copy')} (Ctrl+C)`}
        icon={<CopyOutlined />}
        onClick={act.copy}
        disabled={none}
        testId="sd-copy"
      />
      <Tool
        title={`${T('paste')} (Ctrl+V)`}
        icon={<SnippetsOutlined />}
        onClick={act.paste}
        disabled={!clip}
        testId="sd-paste"
      />
      <Tool
        title={`${T('duplicate')} (Ctrl+D)`}
        icon={<BlockOutlined />}
        onClick={act.duplicate}
        disabled={none}
        testId="sd-duplicate"
      />
      <Tool
        title={`${T('delete')} (Del)`}
        icon={<DeleteOutlined />}
        onClick={act.deleteSelection}
        disabled={none}
        testId="sd-delete"
      />
      <Divider orientation="vertical" />
      <Dropdown
        menu={{ items: [...alignItems, { type: 'divider' }, ...distributeItems] }}
        disabled={selection.length < 2}
      >
        <Button size="small" icon={<AlignCenterOutlined />} data-testid="sd-align">
          {T('align')}
        </Button>
      </Dropdown>
      <Tool
        title={T('front')}
        icon={<VerticalAlignTopOutlined />}
        onClick={() => act.zOrder('front')}
        disabled={none}
        testId="sd-front"
      />
      <Tool
        title={T('forward')}
        icon={<AlignRightOutlined rotate={-90} />}
        onClick={() => act.zOrder('forward')}
        disabled={none}
        testId="sd-forward"
      />
      <Tool
        title={T('backward')}
        icon={<AlignLeftOutlined rotate={-90} />}
        onClick={() => act.zOrder('backward')}
        disabled={none}
        testId="sd-backward"
      />
      <Tool
        title={T('back')}
        icon={<VerticalAlignBottomOutlined />}
        onClick={() => act.zOrder('back')}
        disabled={none}
        testId="sd-back"
      />
      <Tool
        title={`${T('group')} (Ctrl+G)`}
        icon={<GroupOutlined />}
        onClick={act.group}
        disabled={selection.length < 2}
        testId="sd-group"
      />
      <Tool
        title={`${T('ungroup')} (Ctrl+Shift+G)`}
        icon={<UngroupOutlined />}
        onClick={act.ungroup}
        disabled={none}
        testId="sd-ungroup"
      />
      <Tool
        title={T('lock')}
        icon={<LockOutlined />}
        onClick={act.toggleLock}
        disabled={none}
        testId="sd-lock"
      />
      <Divider orientation="vertical" />
      <Tool
        title={T('zoomOut')}
        icon={<ZoomOutOutlined />}
        onClick={() => s.setView({ zoom: Math.max(0.05, view.zoom / 1.25) })}
        testId="sd-zoom-out"
      />
      <Typography.Text style={{ width: 44, textAlign: 'center' }} data-testid="sd-zoom">
        {Math.round(view.zoom * 100)}%
      </Typography.Text>
      <Tool
        title={T('zoomIn')}
        icon={<ZoomInOutlined />}
        onClick={() => s.setView({ zoom: Math.min(8, view.zoom * 1.25) })}
        testId="sd-zoom-in"
      />
      <Tool
        title={`${T('fit')} (Shift+1)`}
        icon={<ExpandOutlined />}
        onClick={s.requestFit}
        testId="sd-fit"
      />
      <Divider orientation="vertical" />
      <Tooltip title={T('grid')}>
        <Switch
          size="small"
          checked={grid.show}
          onChange={(show) => s.setGrid({ show })}
          checkedChildren={<BorderOutlined />}
          unCheckedChildren={<BorderOutlined />}
          aria-label={T('grid')}
        />
      </Tooltip>
      <InputNumber
        size="small"
        min={2}
        max={200}
        value={grid.size}
        onChange={(v) => v && s.setGrid({ size: v })}
        style={{ width: 64 }}
        aria-label={T('gridSize')}
      />
      <Tooltip title={T('snap')}>
        <Switch
          size="small"
          checked={grid.snap}
          onChange={(snap) => s.setGrid({ snap })}
          checkedChildren={T('snapOn')}
          unCheckedChildren={T('snapOff')}
          aria-label={T('snap')}
          data-testid="sd-snap"
        />
      </Tooltip>
      <span style={{ flex: 1 }} />
      <Tool title={T('run')} icon={<PlayCircleOutlined />} onClick={onRun} testId="sd-run">
        {T('run')}
      </Tool>
      {onPublish ? (
        <Tool title={T('publish')} icon={<CloudUploadOutlined />} onClick={onPublish} testId="sd-publish">
          {T('publish')}
        </Tool>
      ) : null}
      <Tooltip title="Ctrl+S">
        <Button
          type="primary"
          size="small"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={onSave}
          data-testid="sd-save"
        >
          {T('save')}
        </Button>
      </Tooltip>
    </Flex>
  );
}
