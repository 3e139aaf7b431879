import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MODULE_DEFAULTS, MODULE_KEYS, MODULES_WITH_FEATURES, type ModuleSwitches } from '@fleet/contracts';
import {
  App,
  Button,
  Card,
  Col,
  ColorPicker,
  Empty,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/components/PageContainer';
import { Permit } from '../../../shared/permission/Permit';
import { SmsProvidersSection } from '../../notices/components/SmsProvidersSection';
import { MerchantSettingsCard } from '../../recharge/components/MerchantSettingsCard';
import { MapSettingsCard } from '../../screens/components/MapSettingsCard';
import { useSystemConfig } from '../../system/api/get-system-config';
import { useAlarmLevels } from '../api/get-alarm-levels';
import { useSaveAlarmLevels } from '../api/save-alarm-levels';
import { useSaveModules } from '../api/save-modules';
import type { AlarmLevel } from '../api/types';

function ModulesCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const config = useSystemConfig();
  const save = useSaveModules();
  const [modules, setModules] = useState<ModuleSwitches>({ ...MODULE_DEFAULTS });
  useEffect(() => {
    if (config.data) setModules({ ...config.data.modules });
  }, [config.data]);
  const dirty = config.data ? MODULE_KEYS.some((k) => config.data.modules[k] !== modules[k]) : false;

  return (
    <Card
      title={t('accounts.platform.modules')}
      extra={
        <Permit mode="disable">
          <Button
            type="primary"
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              save.mutate(modules, {
                onSuccess: () => void message.success(t('accounts.platform.modulesSaved')),
              })
            }
            data-testid="modules-save"
          >
            {t('accounts.platform.saveModules')}
          </Button>
        </Permit>
      }
      data-testid="modules-card"
    >
      <Typography.Paragraph type="secondary">{t('accounts.platform.modulesHelp')}</Typography.Paragraph>
      <QueryState loading={config.isPending} error={config.error} onRetry={() => void config.refetch()}>
        <Row gutter={[16, 12]}>
          {MODULES_WITH_FEATURES.map((key) => (
            <Col xs={24} sm={12} xl={8} key={key}>
              <div className="module-switch">
                <span>{t(`accounts.modules.${key}`)}</span>
                <Switch
                  checked={modules[key]}
                  onChange={(on) => setModules((m) => ({ ...m, [key]: on }))}
                  checkedChildren={t('accounts.platform.on')}
                  unCheckedChildren={t('accounts.platform.off')}
                  data-testid={`module-${key}`}
                />
              </div>
            </Col>
          ))}
        </Row>
      </QueryState>
    </Card>
  );
}

type LevelRow = AlarmLevel & { _key: number };

function AlarmLevelsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const levels = useAlarmLevels();
  const save = useSaveAlarmLevels();
  const [rows, setRows] = useState<LevelRow[]>([]);
  useEffect(() => {
    if (levels.data) setRows(levels.data.map((l, i) => ({ ...l, _key: i })));
  }, [levels.data]);
  const patch = (key: number, change: Partial<AlarmLevel>) =>
    setRows((rs) => rs.map((r) => (r._key === key ? { ...r, ...change } : r)));
  const patchLabel = (key: number, lng: 'zh' | 'en' | 'es', text: string) =>
    setRows((rs) => rs.map((r) => (r._key === key ? { ...r, label: { ...r.label, [lng]: text } } : r)));

  const onSave = () => {
    const values = rows.map((r) => String(r.value));
    if (new Set(values).size !== values.length) {
      void message.error(t('accounts.platform.duplicateValue'));
      return;
    }
    const body = rows.map(({ _key, ...level }) => level);
    save.mutate(body, { onSuccess: () => void message.success(t('accounts.common.saved')) });
  };

  const add = () => {
    const next = rows.reduce((m, r) => Math.max(m, Number(r.value) || 0), 0) + 1;
    setRows((rs) => [
      ...rs,
      { _key: Date.now(), value: next, label: { zh: '', en: '', es: '' }, color: '#faad14' },
    ]);
  };

  return (
    <Card
      title={t('accounts.platform.alarmLevels')}
      extra={
        <Space>
          <Button icon={<PlusOutlined />} onClick={add}>
            {t('accounts.platform.addLevel')}
          </Button>
          <Permit mode="disable">
            <Button type="primary" loading={save.isPending} onClick={onSave} data-testid="levels-save">
              {t('accounts.platform.saveLevels')}
            </Button>
          </Permit>
        </Space>
      }
      data-testid="alarm-levels-card"
    >
      <Typography.Paragraph type="secondary">{t('accounts.platform.alarmLevelsHelp')}</Typography.Paragraph>
      <QueryState loading={levels.isPending} error={levels.error} onRetry={() => void levels.refetch()}>
        <Table<LevelRow>
          rowKey="_key"
          size="small"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          columns={[
            {
              title: t('accounts.platform.value'),
              dataIndex: 'value',
              width: 90,
              // Each cell's field is named by its column and row (a screen reader has no header link).
              render: (v: number | string, r) => (
                <InputNumber
                  aria-label={`${t('accounts.platform.value')} ${v}`}
                  value={Number(v)}
                  min={0}
                  precision={0}
                  onChange={(n) => patch(r._key, { value: n ?? 0 })}
                />
              ),
            },
            ...(['zh', 'en', 'es'] as const).map((lng) => ({
              title: t(`accounts.platform.label${lng === 'zh' ? 'Zh' : lng === 'en' ? 'En' : 'Es'}`),
              key: lng,
              render: (_v: unknown, r: LevelRow) => (
                <Input
                  aria-label={`${t(`accounts.platform.label${lng === 'zh' ? 'Zh' : lng === 'en' ? 'En' : 'Es'}`)} ${r.value}`}
                  value={r.label[lng]}
                  onChange={(e) => patchLabel(r._key, lng, e.target.value)}
                />
              ),
            })),
            {
              title: t('accounts.platform.color'),
              dataIndex: 'color',
              width: 90,
              render: (v: string | undefined, r) => (
                <ColorPicker
                  value={v}
                  onChangeComplete={(c) => patch(r._key, { color: c.toHexString() })}
                  size="small"
                />
              ),
            },
            {
              key: 'remove',
              width: 50,
              render: (_v, r) => (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => setRows((rs) => rs.filter((x) => x._key !== r._key))}
                  aria-label={t('accounts.common.delete')}
                />
              ),
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}

/** /other/platform: module switches (SPEC 1), alarm levels, payment merchants, SMS / voice providers and the map basemap; platform administrators only. */
export default function PlatformPage() {
  return (
    <div data-testid="platform-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <ModulesCard />
        <AlarmLevelsCard />
        <MerchantSettingsCard />
        <SmsProvidersSection />
        <MapSettingsCard />
      </Space>
    </div>
  );
}
