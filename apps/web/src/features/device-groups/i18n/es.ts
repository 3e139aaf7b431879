import type { Texts } from './zh';

/** Strings of device-groups in Spanish. */
const es: Texts = {
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

export default es;
