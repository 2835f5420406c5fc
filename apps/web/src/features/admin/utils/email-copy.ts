/** Spanish names of the e-mail templates (`admin.emailTemplates`). */
export const TEMPLATE_LABELS: Record<string, { name: string; description: string }> = {
  welcome: { name: 'Bienvenida', description: 'Lo recibe quien acaba de crear su cuenta, con el enlace para confirmar su correo.' },
  'weekly-summary': {
    name: 'Resumen semanal',
    description: 'Pasos, días activos y compromisos de la semana (con cifras de ejemplo).',
  },
  'password-reset': {
    name: 'Restablecer contraseña',
    description: 'Indica cómo cambiar la contraseña desde el perfil.',
  },
  'email-verification': {
    name: 'Confirmar el correo',
    description: 'Un enlace nuevo para confirmar el correo, cuando la persona pulsa «Reenviar enlace».',
  },
};

export function templateName(template: string): string {
  return TEMPLATE_LABELS[template]?.name ?? template;
}

export interface SendResult {
  status: 'sent' | 'stored' | 'failed';
  transport: 'smtp' | 'outbox';
  error: string | null;
  subject: string;
}

export interface SendResultCopy {
  tone: 'success' | 'info' | 'error';
  title: string;
  description: string;
}

/**
 * What a send result means for the admin. "stored" is the dev outbox (no SMTP configured): the
 * message was kept, not delivered. "failed" is never presented as a success.
 */
export function sendResultCopy(result: SendResult, to: string): SendResultCopy {
  switch (result.status) {
    case 'sent':
      return {
        tone: 'success',
        title: 'Correo enviado',
        description: `«${result.subject}» se ha enviado por SMTP a ${to}.`,
      };
    case 'stored':
      return {
        tone: 'info',
        title: 'Guardado en la bandeja de salida de desarrollo',
        description: `No hay un servidor SMTP configurado, así que «${result.subject}» no ha salido hacia ${to}: lo tienes en la bandeja de salida, más abajo.`,
      };
    default:
      return {
        tone: 'error',
        title: 'No se ha podido enviar',
        description: `${result.transport === 'smtp' ? 'El servidor SMTP' : 'La bandeja de salida'} ha fallado${result.error ? `: ${result.error}` : '.'}`,
      };
  }
}

export const STATUS_LABELS: Record<SendResult['status'], string> = {
  sent: 'Enviado',
  stored: 'Guardado (desarrollo)',
  failed: 'Fallido',
};
