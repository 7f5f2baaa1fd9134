// The shop-floor run's refusals and prompts, word for word (decisions 049, 064, 076): the server sends them and the
// floor view and the help article quote them. Kept apart from the contract (shop-floor.ts) so each file reads whole.
export const SHOP_FLOOR_MESSAGES = {
  stepNotFound: 'No such step on this work order.',
  notRunnable: (status: string) => `This work order is ${status}: release it before its steps are run.`,
  notInProgress: (status: string) => `This work order is ${status}: start a step first.`,
  previousOpen: (title: string) => `Finish “${title}” first: steps are run in order.`,
  alreadyStarted: 'This step has already been started.',
  notStarted: 'This step has not been started.',
  notRunning: 'This step is not running.',
  notPaused: 'This step is not paused.',
  alreadyFinished: 'This step has already been finished.',
  notRecognised: (code: string) =>
    `Not recognised: “${code}”. Scan a part’s or a lot’s label, or type its number.`,
  lotAmbiguous: (text: string) => `Lot “${text}” exists for several parts: scan the lot’s own label.`,
  notAPart: 'This label is not a part’s or a lot’s: scan the component’s label.',
  wrongItem: (partNumber: string, expected: string[]) =>
    `${partNumber} is not on this work order. Expected one of: ${expected.join(', ')}.`,
  wrongLot: (lotNumber: string, partNumber: string, expected: string[]) =>
    `Lot ${lotNumber} is of ${partNumber}, which is not on this work order. Expected a lot of: ${expected.join(', ')}.`,
  lotNeeded: (partNumber: string) =>
    `${partNumber} is lot-tracked: scan the lot’s label or type its lot number.`,
  notConsumable: (status: string) =>
    `This work order is ${status}: components are consumed while it is in progress.`,
  overPlanReason: 'Say why more than planned was used',
  backflushShort: (partNumber: string, missing: string, unit: string) =>
    `Not enough ${partNumber} on hand to backflush: ${missing} ${unit} missing. Scan what was used, or change the plan. Nothing was taken.`,
  backflushLotTie: (partNumber: string, lots: string[]) =>
    `${partNumber}: lots ${lots.join(' and ')} expire and were received alike. Scan the lot that was used. Nothing was taken.`,
  unconsumed: (parts: string[]) =>
    `Not every component is consumed: ${parts.join(', ')}. For each, consume what is left, enter what was used, or return it.`,
  resolutionNotOpen: 'This component has nothing left to resolve.',
  resolutionTwice: 'This component is resolved twice.',
  usedQuantityNeeded: 'Enter the quantity actually used',
  usedBelowConsumed: (consumed: string, unit: string) =>
    `${consumed} ${unit} is already consumed: enter at least that`,
  resolutionReasonNeeded: 'Say why the quantity used differs from the plan',
  returnReasonNeeded: 'Say why the rest is returned',
  locationNotFound: 'No such location in your company.',
  outputLocationNeeded: 'Say where the output is put away: this work order has no output location.',
  overQuantity: (left: string) =>
    `Only ${left} more can be recorded: the work order’s quantity would be passed.`,
  stepsOpen: (titles: string[]) => `Finish every step first: ${titles.join(', ')}.`,
  noOutput: 'Record some output (good or scrap) before completing.',
  checksOpen: (names: string[]) =>
    `A required inspection is not passed: ${names.join('; ')}. Inspect it on the step, then complete.`,
  stepChecksOpen: (names: string[]) =>
    `This step’s required inspection is not passed: ${names.join('; ')}. Inspect, then finish the step.`,
  /** One open check as the refusals name it: "Step 2 Torque: inspection “Torque check” not passed (QI-000004 failed)". */
  openCheck: (position: number, title: string, plan: string, why: string) =>
    `Step ${position} ${title}: inspection “${plan}” not passed (${why})`,
  scrapCodeNeeded: 'Choose the defect code it was scrapped for',
  defectCodeNotFound: 'No such active defect code in your company.',
} as const;
