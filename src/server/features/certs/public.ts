// What other features may use of certs: they import it from here, never from its other modules.
export { latestPopulations, populationHistory } from './populations.repository.ts';
