/**
 * The gateway parameter document form (issue 19 item 2), for the parameter plan page and any other
 * page that edits a gateway's parameters. Start a document with `defaultGatewayParams()` of
 * @fleet/contracts; `validateGatewayParams` tells whether it can be saved.
 */
export { GatewayParamsForm, type GatewayParamsFormProps } from './GatewayParamsForm';
export { gatewayParamsBundle } from './i18n';
export { type ParamPath, validateGatewayParams } from './lib/params-state';
