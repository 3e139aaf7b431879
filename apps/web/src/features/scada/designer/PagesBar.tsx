import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Popconfirm, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runAll } from './actions';
import { idMaker } from './clipboard';
import { useDesigner, useDoc } from './store';

/** The app's pages as tabs: switch, add, rename, delete (refused while a link leads to the page), reorder by drag. */
export function PagesBar() {
  const { t } = useTranslation();
  const doc = useDoc();
  const pageId = useDesigner((s) => s.pageId);
  const setPage = useDesigner((s) => s.setPage);
  const error = useDesigner((s) => s.error);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);

  const add = () => {
    const id = idMaker((k) => Object.hasOwn(doc.pages, k), 'page')();
    const canvas = doc.pages[pageId]?.canvas;
    const name = t('scada.designer.pages.newName', { n: doc.pageOrder.length + 1 });
    if (runAll([{ type: 'addPage', id, name, ...(canvas ? { canvas } : {}) }], 'add-page')) setPage(id);
  };
  const remove = (id: string) => {
    if (runAll([{ type: 'removePage', id }], 'remove-page'))
      setPage(useDesigner.getState().history.doc.pageOrder[0]!);
  };
  return (
    <>
      <Tabs
        size="small"
        activeKey={pageId}
        onChange={setPage}
        data-testid="sd-pages"
        style={{ marginBottom: 0 }}
        tabBarExtraContent={
          <Tooltip title={t('scada.designer.pages.add')}>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={add}
              aria-label={t('scada.designer.pages.add')}
              data-testid="sd-page-add"
            />
          </Tooltip>
        }
        items={doc.pageOrder.map((id, index) => ({
          key: id,
          label: (
            <span data-testid={`sd-page-${id}`}>
              {doc.pages[id]?.name || id}
              {id === pageId ? (
                <>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('scada.designer.pages.rename')}
                    onClick={() => setRenaming({ id, name: doc.pages[id]?.name ?? '' })}
                  />
                  {doc.pageOrder.length > 1 ? (
                    <Popconfirm title={t('scada.designer.pages.removeConfirm')} onConfirm={() => remove(id)}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('scada.designer.pages.remove')}
                      />
                    </Popconfirm>
                  ) : null}
                  {index > 0 ? (
                    <Button
                      type="text"
                      size="small"
                      aria-label={t('scada.designer.pages.moveLeft')}
                      onClick={() => runAll([{ type: 'movePage', id, index: index - 1 }], 'move-page')}
                    >
                      ‹
                    </Button>
                  ) : null}
                  {index < doc.pageOrder.length - 1 ? (
                    <Button
                      type="text"
                      size="small"
                      aria-label={t('scada.designer.pages.moveRight')}
                      onClick={() => runAll([{ type: 'movePage', id, index: index + 1 }], 'move-page')}
                    >
                      ›
                    </Button>
                  ) : null}
                </>
              ) : null}
            </span>
          ),
        }))}
      />
      {error ? (
        <div style={{ display: 'none' }} data-testid="sd-error">
          {error}
        </div>
      ) : null}
      <Modal
        open={!!renaming}
        title={t('scada.designer.pages.rename')}
        onCancel={() => setRenaming(null)}
        okButtonProps={{ disabled: !renaming?.name.trim() }}
        onOk={() => {
          if (
            renaming &&
            runAll([{ type: 'renamePage', id: renaming.id, name: renaming.name.trim() }], 'rename-page')
          )
            setRenaming(null);
        }}
        destroyOnHidden
      >
        <Input
          value={renaming?.name}
          maxLength={200}
          onChange={(e) => setRenaming((r) => (r ? { ...r, name: e.target.value } : r))}
          aria-label={t('scada.designer.pages.name')}
        />
      </Modal>
    </>
  );
}
