import type { Texts } from './zh';

/** Strings of device-groups in English. */
const en: Texts = {
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

export default en;
