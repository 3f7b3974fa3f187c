/** Bundle entry: the IIFE's global (HubSync) exposes the public functions to the generated wrappers. */
export { publicFunctions } from './public-functions';
