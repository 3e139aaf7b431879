import { defineBundle } from '../../shared/i18n/bundle';

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

const en: typeof zh = {
  deviceGroups: {
    name: 'Name',
    remark: 'Remark',
    address: 'Address',
    contact: 'Contact',
    phone: 'Phone',
    devices: 'Devices',
    created: 'Created',
    searchPlaceholder: 'Name',
    deleteHint: 'Devices that belong to it: {{count}}; after deleting they belong to none',
    group: { add: 'Add group', editTitle: 'Edit group {{name}}', select: 'Group', label: 'Group' },
    project: { add: 'Add project', editTitle: 'Edit project {{name}}', select: 'Project', label: 'Project' },
    company: { add: 'Add company', editTitle: 'Edit company {{name}}', select: 'Company', label: 'Company' },
  },
};

const es: typeof zh = {
  deviceGroups: {
    name: 'Nombre',
    remark: 'Observaciones',
    address: 'Dirección',
    contact: 'Contacto',
    phone: 'Teléfono',
    devices: 'Dispositivos',
    created: 'Creado',
    searchPlaceholder: 'Nombre',
    deleteHint: 'Dispositivos que pertenecen a él: {{count}}; al eliminarlo no pertenecerán a ninguno',
    group: { add: 'Nuevo grupo', editTitle: 'Editar grupo {{name}}', select: 'Grupo', label: 'Grupo' },
    project: {
      add: 'Nuevo proyecto',
      editTitle: 'Editar proyecto {{name}}',
      select: 'Proyecto',
      label: 'Proyecto',
    },
    company: {
      add: 'Nueva empresa',
      editTitle: 'Editar empresa {{name}}',
      select: 'Empresa',
      label: 'Empresa',
    },
  },
};

export const deviceGroupsBundle = defineBundle(zh, en, es);
