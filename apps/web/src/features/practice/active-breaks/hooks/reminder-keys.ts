/** Where this device keeps its break-reminder settings, and the event a tab sends itself when it changes them. */
export const REMINDER_SETTINGS_KEY = 'ascenso.pausas.recordatorios';
export const REMINDER_SETTINGS_CHANGED = 'ascenso:pausas-recordatorios';
