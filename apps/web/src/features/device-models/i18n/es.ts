import type { Texts } from './zh';

/** Strings of device-models in Spanish. */
const es: Texts = {
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

export default es;
