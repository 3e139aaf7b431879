import type { DataPointRow } from '@fleet/contracts';
import type { PointRef } from '@fleet/scada-model';
import { Flex, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePoints } from '../../devices/api/points';
import { useSlaves } from '../../devices/api/slaves';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import { useTemplatePointNames } from './api/template-points';
import { brokenReason, refLabel, useDesignerPoints } from './points-context';

function DevicePoints({ deviceId, onPick }: { deviceId: number; onPick: (p: DataPointRow) => void }) {
  const { t } = useTranslation();
  const slaves = useSlaves(deviceId);
  const points = usePoints(deviceId);
  const [slave, setSlave] = useState<number | 'own'>();
  const rows = points.data?.rows ?? [];
  const hasSlaves = (slaves.data?.length ?? 0) > 0;
  const shown =
    hasSlaves && slave !== undefined
      ? rows.filter((p) => (slave === 'own' ? p.slave_id === null : p.slave_id === slave))
      : rows;
  return (
    <>
      {hasSlaves ? (
        <Select
          size="small"
          allowClear
          placeholder={t('scada.designer.bind.allSlaves')}
          value={slave}
          onChange={setSlave}
          options={[
            { value: 'own' as const, label: t('scada.designer.bind.deviceItself') },
            ...(slaves.data ?? []).map((s) => ({ value: s.slave_id, label: `${s.name} (${s.slave_id})` })),
          ]}
          aria-label={t('scada.designer.bind.slave')}
          data-testid="sd-bind-slave"
        />
      ) : null}
      <Select
        size="small"
        showSearch
        optionFilterProp="label"
        loading={points.isPending}
        placeholder={t('scada.designer.bind.point')}
        onChange={(id: number) => {
          const p = rows.find((r) => r.id === id);
          if (p) onPick(p);
        }}
        options={shown.map((p) => ({ value: p.id, label: `${p.name}${p.unit ? ` (${p.unit})` : ''}` }))}
        aria-label={t('scada.designer.bind.point')}
        data-testid="sd-bind-point"
      />
    </>
  );
}

/**
 * Chooses what a binding or write talks to: for an app a device, then a slave (gateways) and a point
 * (a reference by id); for a template a point name of its device template (a reference by name).
 */
export function PointPicker({ value, onChange }: { value: PointRef; onChange: (ref: PointRef) => void }) {
  const { t } = useTranslation();
  const points = useDesignerPoints();
  const names = useTemplatePointNames(points.kind === 'template' ? points.templateId : null);
  const [deviceId, setDeviceId] = useState<number>();
  const broken = brokenReason(value, points);
  return (
    <Flex vertical gap={4} data-testid="sd-point-picker">
      <Flex gap={4} align="center" wrap>
        <Tag color={broken ? 'error' : 'success'} data-testid="sd-point-current">
          {refLabel(value, points)}
        </Tag>
        {broken ? (
          <span style={{ color: '#cf1322', fontSize: 12 }}>{t(`scada.designer.broken.${broken}`)}</span>
        ) : null}
      </Flex>
      {points.kind === 'template' ? (
        <Select
          size="small"
          showSearch
          placeholder={t('scada.designer.bind.pointName')}
          value={value.by === 'name' && value.name !== '?' ? value.name : undefined}
          loading={names.isPending}
          onChange={(name: string) => onChange({ by: 'name', name })}
          options={(names.data ?? []).map((p) => ({
            value: p.name,
            label: `${p.name}${p.unit ? ` (${p.unit})` : ''}`,
          }))}
          aria-label={t('scada.designer.bind.pointName')}
          data-testid="sd-bind-name"
        />
      ) : (
        <>
          <DeviceSearchSelect
            value={deviceId ?? null}
            onChange={setDeviceId}
            testId="sd-bind-device"
            ariaLabel={t('scada.designer.bind.device')}
            placeholder={t('scada.designer.bind.device')}
            style={{ width: '100%' }}
          />
          {deviceId ? (
            <DevicePoints
              key={deviceId}
              deviceId={deviceId}
              onPick={(p) => {
                points.remember(p);
                onChange({ by: 'id', pointId: String(p.id) });
              }}
            />
          ) : null}
        </>
      )}
    </Flex>
  );
}
