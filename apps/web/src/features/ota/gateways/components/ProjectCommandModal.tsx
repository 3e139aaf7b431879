import type { OtaCommandRow } from '@fleet/contracts';
import { App, Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionSelect } from '../../../device-groups/components/CollectionSelect';
import { useSendProjectCommand } from '../api/send-project-command';

/** projdeploy / projreboot: one command per OTA gateway of the chosen project (reboot asks first). */
export function ProjectCommandModal({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: (rows: OtaCommandRow[]) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [projectId, setProjectId] = useState<number | null>(null);
  const send = useSendProjectCommand();
  useEffect(() => {
    if (open) setProjectId(null);
  }, [open]);

  const run = async (kind: 'deploy' | 'reboot') => {
    if (projectId === null) return;
    const result = await send.mutateAsync({ projectId, kind });
    onSent(result.commands);
    void message.info(t('otaGateways.cmd.projectSent', { count: result.commands.length }));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('otaGateways.cmd.projectTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="ota-project-commands"
    >
      <Flex vertical gap={16}>
        <div>
          <Typography.Text>{t('otaGateways.cmd.pickProject')}</Typography.Text>
          <CollectionSelect
            kind="project"
            value={projectId ?? undefined}
            onChange={(v) => setProjectId(v ?? null)}
            style={{ width: '100%' }}
            testId="ota-project-command-project"
          />
        </div>
        <Flex gap={8} justify="flex-end">
          <Button
            disabled={projectId === null}
            loading={send.isPending}
            onClick={() => void run('deploy').catch(() => undefined)}
            data-testid="ota-projdeploy"
          >
            {t('otaGateways.cmd.projDeploy')}
          </Button>
          <Button
            danger
            disabled={projectId === null}
            loading={send.isPending}
            onClick={() =>
              modal.confirm({
                title: t('otaGateways.cmd.projReboot'),
                content: t('otaGateways.cmd.projRebootConfirm'),
                okButtonProps: { danger: true },
                onOk: () => run('reboot').catch(() => undefined),
              })
            }
            data-testid="ota-projreboot"
          >
            {t('otaGateways.cmd.projReboot')}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
