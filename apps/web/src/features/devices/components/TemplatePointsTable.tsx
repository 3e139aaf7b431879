import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AreaFamily, TemplatePoint } from '@fleet/contracts';
import { Button, Empty, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PointEditor } from './PointEditor';

/** The points of a device template or of one slave of a gateway template, edited in memory. */
export function TemplatePointsTable({
  points,
  family,
  readonly,
  onChange,
  testId,
  titleOf,
}: {
  /** The title shown for a point (the built-in catalogue's in the reader's language); its own by default. */
  titleOf?: (point: TemplatePoint) => string | undefined;
  points: TemplatePoint[];
  family: AreaFamily | null;
  readonly: boolean;
  onChange: (points: TemplatePoint[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ open: boolean; index?: number }>({ open: false });
  const na = t('common.na');
  const current = editing.index === undefined ? undefined : points[editing.index];

  const store = (point: TemplatePoint) =>
    onChange(
      editing.index === undefined
        ? [...points, point]
        : points.map((p, i) => (i === editing.index ? point : p)),
    );

  return (
    <Flex vertical gap={8} data-testid={testId}>
      {!readonly && (
        <div>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true })}
            data-testid="template-point-add"
          >
            {t('devices.point.add')}
          </Button>
        </div>
      )}
      <Table<TemplatePoint>
        rowKey="name"
        size="small"
        dataSource={points}
        pagination={points.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 760 }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.templateEditor.noPoints')} />
          ),
        }}
        columns={[
          {
            title: t('devices.point.name'),
            dataIndex: 'name',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          {
            title: t('devices.point.title'),
            dataIndex: 'title',
            render: (v: string | undefined, p: TemplatePoint) => (titleOf ? titleOf(p) : v) || na,
          },
          {
            title: t('devices.point.dataType'),
            dataIndex: 'data_type',
            width: 100,
            render: (v?: string) => v ?? 'uint16',
          },
          {
            title: t('devices.point.area'),
            key: 'area',
            width: 120,
            render: (_v, p) => (p.area ? `${p.area} ${p.address ?? ''}` : na),
          },
          { title: t('devices.point.unit'), dataIndex: 'unit', width: 80, render: (v?: string) => v || na },
          {
            title: t('devices.point.access'),
            dataIndex: 'access',
            width: 110,
            render: (v?: string) => t(`devices.point.access_${v ?? 'readonly'}`),
          },
          ...(readonly
            ? []
            : [
                {
                  title: t('devices.common.actions'),
                  key: 'actions',
                  width: 90,
                  render: (_v: unknown, _p: TemplatePoint, index: number) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => setEditing({ open: true, index })}
                        aria-label={t('devices.common.edit')}
                        data-testid="template-point-edit"
                      />
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => onChange(points.filter((_p2, i) => i !== index))}
                        aria-label={t('common.delete')}
                        data-testid="template-point-delete"
                      />
                    </Space>
                  ),
                },
              ]),
        ]}
      />
      <PointEditor
        family={family}
        point={current}
        slaveId={null}
        silent
        open={editing.open}
        onClose={() => setEditing({ open: false })}
        validate={(full) =>
          points.some((p, i) => i !== editing.index && p.name === full.name)
            ? { field: 'name', message: t('devices.templateEditor.pointNameTaken', { name: full.name }) }
            : null
        }
        onSubmit={async (full) => {
          // A template point has no slave_id: the slave it sits in says where it goes.
          const { slave_id: _slave, ...point } = full;
          store(point);
        }}
      />
    </Flex>
  );
}
