/** Bundle entry: the IIFE's global (HubSync) exposes the public functions to the generated wrappers. */
import { wireFeatures } from '../core/wiring';

// Every execution loads the bundle afresh: the features subscribe to the core's hooks before any handler runs.
wireFeatures();

export { publicFunctions } from './public-functions';
