import { Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CollectionSelect } from '../../device-groups/components/CollectionSelect';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import type { SubjectKind } from '../lib/report-query';

export interface SubjectValue {
  subjectKind: SubjectKind;
  deviceId?: number;
  groupId?: number;
}

/** Device or group: a radio and the matching searchable select. */
export function SubjectFields({
  value,
  onChange,
  testId = 'report-subject',
}: {
  value: SubjectValue;
  onChange: (value: SubjectValue) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space.Compact>
      <Radio.Group
        optionType="button"
        value={value.subjectKind}
        onChange={(e) => onChange({ ...value, subjectKind: e.target.value as SubjectKind })}
        options={(['device', 'group'] as const).map((k) => ({
          value: k,
          label: t(`dataReport.subject.${k}`),
        }))}
        data-testid={`${testId}-kind`}
      />
      {value.subjectKind === 'device' ? (
        <DeviceSearchSelect
          value={value.deviceId}
          onChange={(deviceId) => onChange({ ...value, deviceId })}
          placeholder={t('dataReport.subject.devicePlaceholder')}
          style={{ width: 220 }}
          testId={`${testId}-device`}
        />
      ) : (
        <CollectionSelect
          kind="group"
          value={value.groupId ?? null}
          onChange={(groupId) => onChange({ ...value, groupId: groupId ?? undefined })}
          placeholder={t('dataReport.subject.groupPlaceholder')}
          style={{ width: 220 }}
          testId={`${testId}-group`}
        />
      )}
    </Space.Compact>
  );
}
