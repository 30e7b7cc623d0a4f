/** Registers `wfd doctor`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples } from '../../cli/options.js';

export function registerDoctorCommand(doctor: Command): void {
  addExamples(doctor, ['wfd doctor', 'wfd --profile acme doctor', 'wfd doctor -o json']).action(
    lazy(() => import('./run.js')),
  );
}
