/** Strings of device-groups in Chinese; en.ts and es.ts have the same shape. */
const zh = {
  deviceGroups: {
    name: '名称',
    remark: '备注',
    address: '地址',
    contact: '联系人',
    phone: '电话',
    devices: '设备数',
    created: '创建时间',
    searchPlaceholder: '名称',
    deleteHint: '{{count}} 台设备属于此项，删除后这些设备将不再属于任何一项',
    group: { add: '新增分组', editTitle: '编辑分组 {{name}}', select: '分组', label: '分组' },
    project: { add: '新增项目', editTitle: '编辑项目 {{name}}', select: '项目', label: '项目' },
    company: { add: '新增公司', editTitle: '编辑公司 {{name}}', select: '公司', label: '公司' },
  },
};

export type Texts = typeof zh;

export default zh;
