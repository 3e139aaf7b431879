import { AlarmStatus } from '@fleet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagStyle } from '../../../shared/components/readable-color';
import { useSettings } from '../../../shared/store/settings';
import { useAlarmLevels } from '../../accounts/api/get-alarm-levels';
import { alarmTypeTagView } from '../../devices/lib/status';
import { levelView } from '../lib/levels';

/** SPEC 4 alarm type tag: label and colour as the device status tag shows them. */
export function AlarmTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  const view = alarmTypeTagView(type);
  return (
    <Tag
      color={view.color}
      style={readableTagStyle(view.color)}
      data-testid="alarm-type-tag"
      data-type={type}
    >
      {t(view.key, view.params)}
    </Tag>
  );
}

/** The level's label (alarm_levels option, in the screen's language) in the option's colour. */
export function AlarmLevelTag({ level }: { level: number }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const levels = useAlarmLevels();
  const view = levelView(levels.data, level, lang);
  return (
    <Tag
      color={view.color}
      style={readableTagStyle(view.color)}
      data-testid="alarm-level-tag"
      data-level={level}
    >
      {view.known ? view.label : t('alarms.level.unknown', { level })}
    </Tag>
  );
}

const STATUS_COLOUR: Record<number, string> = {
  [AlarmStatus.UNHANDLED]: 'error',
  [AlarmStatus.HANDLED]: 'success',
  [AlarmStatus.FALSE_ALARM]: 'default',
};

/** SPEC 3 alarm status: unhandled, handled, false alarm. */
export function AlarmStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOUR[status] ?? 'default'} data-testid="alarm-status-tag" data-status={status}>
      {t(`alarms.status.${status in STATUS_COLOUR ? status : 'unknown'}`)}
    </Tag>
  );
}
