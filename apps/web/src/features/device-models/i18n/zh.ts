/** Strings of device-models in Chinese; en.ts and es.ts have the same shape. */
const zh = {
  deviceModels: {
    searchPlaceholder: '型号名称',
    name: '型号名称',
    protocol: '协议',
    gatewayProtocol: '网关协议',
    template: '模板',
    remark: '备注',
    devices: '设备数',
    created: '创建时间',
    platform: '平台',
    add: '新增型号',
    addTitle: '新增型号',
    editTitle: '编辑型号 {{name}}',
    nameRule: '型号名称为 1-64 个字符',
    templateHelp: '新增设备选择此型号时，自动按模板生成从机和数据点',
    inUse: '{{count}} 台设备正在使用此型号，无法删除',
  },
};

export type Texts = typeof zh;

export default zh;
