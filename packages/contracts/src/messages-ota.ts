/** Server messages of OTA: the gateway and SIM registry and the gateway parameter rules (SPEC 5). */
import type { MessageTexts } from './messages.js';

export const OTA_MESSAGES = {
  // Gateway commands (docs/api-ota.md "Gateway commands")
  'ota.noParamsToDeploy': {
    zh: '网关 {imei} 还没有参数文档:请先执行一个参数计划',
    en: 'gateway {imei} has no parameter document yet: run a parameter plan first',
    es: 'la pasarela {imei} aún no tiene documento de parámetros: ejecute primero un plan de parámetros',
  },
  'ota.noProjectGateways': {
    zh: '项目 {id} 中没有网关',
    en: 'project {id} has no gateway',
    es: 'el proyecto {id} no tiene ninguna pasarela',
  },
  // Applications and plans (docs/api-ota.md "Applications", "Plans")
  'ota.fileRequired': {
    zh: '请选择一个固件包文件',
    en: 'a firmware package file is required',
    es: 'se necesita un archivo de paquete de firmware',
  },
  'ota.packageTooLarge': {
    zh: '固件包不能超过 {max} MB',
    en: 'the firmware package must not exceed {max} MB',
    es: 'el paquete de firmware no debe superar {max} MB',
  },
  'ota.applicationInUse': {
    zh: '应用被计划 {plan} 使用,不能删除',
    en: 'the application is used by plan {plan} and cannot be deleted',
    es: 'la aplicación la usa el plan {plan} y no se puede borrar',
  },
  'ota.unknownApplication': {
    zh: '应用 {id} 不存在',
    en: 'application {id} does not exist',
    es: 'la aplicación {id} no existe',
  },
  'ota.unknownGateways': {
    zh: '网关 {ids} 不存在',
    en: 'gateways {ids} do not exist',
    es: 'las pasarelas {ids} no existen',
  },
  'ota.noGateways': {
    zh: '没有可升级的网关',
    en: 'there is no gateway to upgrade',
    es: 'no hay ninguna pasarela que actualizar',
  },
  'ota.paramVersionNotAbove': {
    zh: '参数版本须高于网关 {imei} 当前的版本 {current}',
    en: 'param version must be above {current}, the version gateway {imei} runs',
    es: 'la versión de parámetros debe ser mayor que {current}, la que usa la pasarela {imei}',
  },
  'ota.planStateConflict': {
    zh: '计划当前为 {state},不能执行此操作',
    en: 'the plan is {state}: this action is not possible now',
    es: 'el plan está {state}: esta acción no es posible ahora',
  },
  // OTA gateway and SIM registry (docs/api-ota.md)
  'ota.invalidImei': {
    zh: 'IMEI 须为 6 到 20 位数字',
    en: 'IMEI must be 6-20 digits',
    es: 'el IMEI debe tener de 6 a 20 dígitos',
  },
  'ota.duplicateImei': {
    zh: 'IMEI {imei} 在输入中重复(第 {first} 行)',
    en: 'IMEI {imei} repeats line {first} of the input',
    es: 'el IMEI {imei} repite la línea {first} de la entrada',
  },
  'ota.imeiTaken': {
    zh: 'IMEI {imei} 已被注册',
    en: 'IMEI {imei} is already registered',
    es: 'el IMEI {imei} ya está registrado',
  },
  'ota.duplicateIccid': {
    zh: 'ICCID {iccid} 在输入中重复(第 {first} 项)',
    en: 'ICCID {iccid} repeats item {first} of the input',
    es: 'el ICCID {iccid} repite el elemento {first} de la entrada',
  },
  'ota.iccidTaken': {
    zh: 'ICCID {iccid} 已被注册',
    en: 'ICCID {iccid} is already registered',
    es: 'el ICCID {iccid} ya está registrado',
  },
  'ota.importFailed': {
    zh: '{failed}/{total} 行有误,未保存任何内容',
    en: '{failed} of {total} lines are wrong, nothing was stored',
    es: '{failed} de {total} líneas son incorrectas; no se guardó nada',
  },
  'ota.unknownProject': {
    zh: '项目 {id} 不存在',
    en: 'project {id} does not exist',
    es: 'el proyecto {id} no existe',
  },
  'ota.unknownUser': {
    zh: '用户 {id} 不在您的账号下',
    en: 'user {id} is not one of your accounts',
    es: 'el usuario {id} no es una de sus cuentas',
  },
  // Gateway parameters (SPEC 5), the message of each rule in packages/contracts/src/ota
  'gatewayParams.port': {
    zh: '端口范围为 1 到 65535',
    en: 'port must be between 1 and 65535',
    es: 'el puerto debe estar entre 1 y 65535',
  },
  'gatewayParams.hexPrefix': {
    zh: '十六进制内容需以 0x 开头且为整字节',
    en: 'hex content needs the 0x prefix and whole bytes',
    es: 'el contenido hexadecimal necesita el prefijo 0x y bytes completos',
  },
  'gatewayParams.heartbeat': {
    zh: '心跳间隔为 0(关闭)或秒数,建议 60 到 300',
    en: 'heartbeat interval is 0 (off) or seconds, 60 to 300 suggested',
    es: 'el intervalo de latido es 0 (apagado) o segundos; se sugiere de 60 a 300',
  },
  'gatewayParams.hj212Flag': {
    zh: 'HJ212 标志只能为 0 或 5',
    en: 'HJ212 flag must be 0 or 5',
    es: 'el indicador HJ212 debe ser 0 o 5',
  },
  'gatewayParams.reportInterval': {
    zh: '上报间隔(分钟)不能小于 0,0 表示不上报',
    en: 'report interval in minutes must be at least 0 (0 means none)',
    es: 'el intervalo de informe en minutos debe ser al menos 0 (0 significa ninguno)',
  },
  'gatewayParams.supplementaryNeedsRandom': {
    zh: '补发数据需要先启用随机数',
    en: 'supplementary data requires the random number to be enabled',
    es: 'los datos suplementarios requieren activar el número aleatorio',
  },
  'gatewayParams.randomRange': {
    zh: '随机数最小值不能大于最大值',
    en: 'random number minimum must not exceed the maximum',
    es: 'el mínimo del número aleatorio no debe superar el máximo',
  },
  'gatewayParams.retention': {
    zh: '保存时间(分钟)至少为 1',
    en: 'retention time in minutes must be at least 1',
    es: 'el tiempo de retención en minutos debe ser al menos 1',
  },
  'gatewayParams.routingNeeds4g': {
    zh: '启用 4G 路由前需先启用 4G',
    en: '4G routing needs 4G to be enabled',
    es: 'el enrutamiento 4G requiere activar 4G',
  },
  'gatewayParams.routingStopsCollection': {
    zh: '启用 4G 路由会关闭网口采集',
    en: '4G routing turns network-port collection off',
    es: 'el enrutamiento 4G desactiva la recolección por el puerto de red',
  },
  'gatewayParams.staticNeedsIp': {
    zh: '静态 IP 需要填写 IP 地址',
    en: 'a static IP needs an address',
    es: 'una IP estática necesita una dirección',
  },
  'gatewayParams.modbusInterval': {
    zh: 'Modbus 间隔至少为 5',
    en: 'the Modbus interval must be at least 5',
    es: 'el intervalo Modbus debe ser al menos 5',
  },
  'gatewayParams.versionMin': {
    zh: '参数版本须为不小于 1 的整数',
    en: 'param version must be an integer of at least 1',
    es: 'la versión de parámetros debe ser un entero de al menos 1',
  },
  'gatewayParams.versionNotAbove': {
    zh: '参数版本必须大于当前版本',
    en: 'param version must exceed the current version',
    es: 'la versión de parámetros debe superar la versión actual',
  },
  'gatewayParams.uartReadMs': {
    zh: '串口读取时间为 10 到 2000 毫秒',
    en: 'uart read time must be 10 to 2000 ms',
    es: 'el tiempo de lectura UART debe ser de 10 a 2000 ms',
  },
  'gatewayParams.switchSlaveId': {
    zh: '交换从站地址为 1 到 254',
    en: 'switch slave id must be 1 to 254',
    es: 'el id de esclavo de conmutación debe ser de 1 a 254',
  },
  'gatewayParams.thirdPartyVersion': {
    zh: '对接第三方平台需参数版本大于 1',
    en: 'param version must be above 1 to connect a third-party platform',
    es: 'la versión de parámetros debe ser mayor que 1 para conectar una plataforma de terceros',
  },
} as const satisfies Record<string, MessageTexts>;
