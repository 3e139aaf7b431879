import { ALARM_TYPES, AlarmStatus } from '@fleet/contracts';
import { Checkbox, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { useSettings } from '../../../shared/store/settings';
import { useAlarmLevels } from '../../accounts/api/get-alarm-levels';
import { alarmTypeTagView } from '../../devices/lib/status';
import type { AlarmFilters } from '../lib/alarm-filters';
import { levelOptions } from '../lib/levels';

interface FilterList {
  searchText: string;
  setSearchText: (text: string) => void;
  filters: AlarmFilters;
  setFilter: <K extends keyof AlarmFilters>(key: K, value: AlarmFilters[K]) => void;
}

/** The alarm log's filters: time range (SPEC 5 presets), device, level, type, status, open only. */
export function AlarmFilterBar({ list }: { list: FilterList }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const levels = useAlarmLevels();
  const { filters, setFilter } = list;
  return (
    <>
      <TimeRangeFilter
        value={filters.range}
        onChange={(r) => setFilter('range', r)}
        testId="alarm-filter-range"
      />
      <SearchInput list={list} placeholder={t('alarms.log.searchPlaceholder')} testId="alarm-filter-search" />
      <Select
        allowClear
        placeholder={t('alarms.log.level')}
        aria-label={t('alarms.log.level')}
        style={{ width: 120 }}
        value={filters.level}
        onChange={(v?: number) => setFilter('level', v)}
        loading={levels.isPending}
        options={levelOptions(levels.data, lang)}
        data-testid="alarm-filter-level"
      />
      <Select
        allowClear
        placeholder={t('alarms.log.type')}
        aria-label={t('alarms.log.type')}
        style={{ width: 170 }}
        value={filters.alarmType}
        onChange={(v?: number) => setFilter('alarmType', v)}
        options={ALARM_TYPES.filter((code) => code !== 0).map((code) => {
          const view = alarmTypeTagView(code);
          return { value: code, label: t(view.key, view.params) };
        })}
        popupMatchSelectWidth={false}
        data-testid="alarm-filter-type"
      />
      <Select
        allowClear
        placeholder={t('alarms.log.status')}
        aria-label={t('alarms.log.status')}
        style={{ width: 130 }}
        value={filters.status}
        onChange={(v?: number) => setFilter('status', v)}
        options={Object.values(AlarmStatus).map((s) => ({ value: s, label: t(`alarms.status.${s}`) }))}
        data-testid="alarm-filter-status"
      />
      <Checkbox
        checked={filters.openOnly}
        onChange={(e) => setFilter('openOnly', e.target.checked)}
        data-testid="alarm-filter-open"
      >
        {t('alarms.log.openOnly')}
      </Checkbox>
    </>
  );
}
