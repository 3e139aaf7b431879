import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPermissionTree, GROUP_PREFIX, permissionsOfChecked } from '../lib/permission-tree';

/** The role form's permission picker: groups of PERMISSION_GROUPS, only my own permissions selectable. */
export function PermissionTree({
  value,
  onChange,
  held,
  myRoles,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  held: readonly string[];
  myRoles: readonly string[];
}) {
  const { t } = useTranslation();
  const treeData = useMemo(() => buildPermissionTree(held, myRoles, t), [held, myRoles, t]);
  const expanded = useMemo(() => treeData.map((g) => g.key), [treeData]);
  return (
    <div className="permission-tree" data-testid="permission-tree">
      <Tree
        checkable
        selectable={false}
        defaultExpandedKeys={expanded}
        treeData={treeData}
        checkedKeys={value ?? []}
        onCheck={(checked) => {
          const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
          onChange?.(permissionsOfChecked(keys.filter((k) => !k.startsWith(GROUP_PREFIX))));
        }}
        titleRender={(node) => (
          <span data-testid={`perm-${String(node.key)}`} data-disabled={node.disabled ? 'true' : 'false'}>
            {String(node.title)}
            {!String(node.key).startsWith(GROUP_PREFIX) && (
              <span className="perm-code">{String(node.key)}</span>
            )}
          </span>
        )}
      />
    </div>
  );
}
