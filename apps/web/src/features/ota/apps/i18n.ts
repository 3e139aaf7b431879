import { defineBundle, registerBundles } from '../../../shared/i18n/bundle';

const zh = {
  otaApps: {
    upload: '上传固件',
    plans: '固件计划',
    uploadTitle: '上传固件包',
    name: '名称',
    version: '版本',
    models: '适用型号',
    modelsHint: '每行一个型号或用逗号分隔；其他型号的网关会拒绝此固件',
    counter: '防回滚计数',
    counterHint: '网关只接受高于其当前计数的固件',
    notes: '说明',
    expiresDays: '清单有效期(天)',
    file: '固件文件',
    fileHint: '最大 64 MB；按内容哈希存储，并用平台密钥签名',
    chooseFile: '选择文件',
    size: '大小',
    sha256: 'SHA-256',
    expires: '清单到期',
    created: '上传时间',
    actions: '操作',
    searchPlaceholder: '名称、版本或说明',
    total: '共 {{total}} 个',
    uploaded: '已上传 {{name}} {{version}}',
    uploading: '上传中 {{percent}}%',
    emptyTitle: '还没有固件包',
    emptyHint: '上传一个固件包，然后在固件计划中把它推送到网关',
    emptyFiltered: '没有符合条件的固件包',
    required: '请填写{{field}}',
    fileRequired: '请选择固件文件',
    deleteName: '固件 {{name}} {{version}}',
    signed: '已签名',
    signature: '签名',
  },
};

const en: typeof zh = {
  otaApps: {
    upload: 'Upload firmware',
    plans: 'Firmware plans',
    uploadTitle: 'Upload a firmware package',
    name: 'Name',
    version: 'Version',
    models: 'Models',
    modelsHint: 'One model per line or comma separated; gateways of other models refuse the package',
    counter: 'Anti-rollback counter',
    counterHint: 'A gateway only accepts a package with a counter above the one it runs',
    notes: 'Notes',
    expiresDays: 'Manifest valid for (days)',
    file: 'Package file',
    fileHint: 'At most 64 MB; stored by content hash and signed with the platform key',
    chooseFile: 'Choose file',
    size: 'Size',
    sha256: 'SHA-256',
    expires: 'Manifest expires',
    created: 'Uploaded',
    actions: 'Actions',
    searchPlaceholder: 'Name, version or notes',
    total: '{{total}} packages',
    uploaded: 'Uploaded {{name}} {{version}}',
    uploading: 'Uploading {{percent}}%',
    emptyTitle: 'No firmware packages yet',
    emptyHint: 'Upload a package, then roll it out to gateways with a firmware plan',
    emptyFiltered: 'No package matches',
    required: '{{field}} is required',
    fileRequired: 'Choose a package file',
    deleteName: 'firmware {{name}} {{version}}',
    signed: 'Signed',
    signature: 'Signature',
  },
};

const es: typeof zh = {
  otaApps: {
    upload: 'Subir firmware',
    plans: 'Planes de firmware',
    uploadTitle: 'Subir un paquete de firmware',
    name: 'Nombre',
    version: 'Versión',
    models: 'Modelos',
    modelsHint:
      'Un modelo por línea o separados por comas; las pasarelas de otros modelos rechazan el paquete',
    counter: 'Contador anti-retroceso',
    counterHint: 'Una pasarela solo acepta un paquete con un contador mayor que el que ejecuta',
    notes: 'Notas',
    expiresDays: 'Validez del manifiesto (días)',
    file: 'Archivo del paquete',
    fileHint: 'Como máximo 64 MB; se guarda por hash de contenido y se firma con la clave de la plataforma',
    chooseFile: 'Elegir archivo',
    size: 'Tamaño',
    sha256: 'SHA-256',
    expires: 'Caduca el manifiesto',
    created: 'Subido',
    actions: 'Acciones',
    searchPlaceholder: 'Nombre, versión o notas',
    total: '{{total}} paquetes',
    uploaded: 'Subido {{name}} {{version}}',
    uploading: 'Subiendo {{percent}} %',
    emptyTitle: 'Aún no hay paquetes de firmware',
    emptyHint: 'Suba un paquete y distribúyalo a las pasarelas con un plan de firmware',
    emptyFiltered: 'Ningún paquete coincide',
    required: '{{field}} es obligatorio',
    fileRequired: 'Elija un archivo de paquete',
    deleteName: 'el firmware {{name}} {{version}}',
    signed: 'Firmado',
    signature: 'Firma',
  },
};

export const otaAppsBundle = defineBundle(zh, en, es);

let registered = false;
/** Registered when the lazy page chunk loads, so these strings stay out of the shell's bundle. */
export function registerOtaAppsBundle(): void {
  if (registered) return;
  registered = true;
  registerBundles([otaAppsBundle]);
}
