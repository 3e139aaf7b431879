import { defineBundle } from '../../shared/i18n/bundle';

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

const en: typeof zh = {
  deviceModels: {
    searchPlaceholder: 'Model name',
    name: 'Model name',
    protocol: 'Protocol',
    gatewayProtocol: 'Gateway protocol',
    template: 'Template',
    remark: 'Remark',
    devices: 'Devices',
    created: 'Created',
    platform: 'Platform',
    add: 'Add model',
    addTitle: 'Add model',
    editTitle: 'Edit model {{name}}',
    nameRule: 'The model name has 1-64 characters',
    templateHelp: 'A device added with this model gets the slaves and data points of the template',
    inUse: 'Devices using this model: {{count}}; it cannot be deleted while they do',
  },
};

const es: typeof zh = {
  deviceModels: {
    searchPlaceholder: 'Nombre del modelo',
    name: 'Nombre del modelo',
    protocol: 'Protocolo',
    gatewayProtocol: 'Protocolo de pasarela',
    template: 'Plantilla',
    remark: 'Observaciones',
    devices: 'Dispositivos',
    created: 'Creado',
    platform: 'Plataforma',
    add: 'Nuevo modelo',
    addTitle: 'Nuevo modelo',
    editTitle: 'Editar modelo {{name}}',
    nameRule: 'El nombre del modelo tiene 1-64 caracteres',
    templateHelp: 'Un dispositivo creado con este modelo recibe los esclavos y puntos de la plantilla',
    inUse: 'Dispositivos que usan este modelo: {{count}}; no se puede eliminar mientras lo usen',
  },
};

export const deviceModelsBundle = defineBundle(zh, en, es);
