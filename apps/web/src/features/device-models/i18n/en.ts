import type { Texts } from './zh';

/** Strings of device-models in English. */
const en: Texts = {
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

export default en;
