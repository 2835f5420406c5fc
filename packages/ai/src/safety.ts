/**
 * Crisis detection that runs before any model: a message that signals risk of self-harm or suicide
 * gets a fixed, calm answer with helplines, and the conversation is flagged instead of continued.
 */
const PATTERNS: RegExp[] = [
  /suicid/,
  /quitar(me|se|te)? la vida/,
  /acabar con (mi|la) vida/,
  /no quiero (seguir )?vivir/,
  /(ganas|deseos) de morir/,
  /quiero morir/,
  /me quiero morir/,
  /(prefiero|preferiria|mejor) estar muert[oa]/,
  /\bmatarme\b/,
  /me voy a matar/,
  /hacerme dano/,
  /autolesi/,
  /cortarme (las venas|los brazos|las munecas)/,
  /acabar con todo/,
  /no vale la pena vivir/,
  /no tengo (ninguna )?razon(es)? para vivir/,
  /desaparecer para siempre/,
  /\bkill myself\b/,
  /\bend my life\b/,
  /\bself[- ]harm/,
];

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ');
}

export function detectCrisis(text: string): boolean {
  const value = normalise(text);
  return PATTERNS.some((pattern) => pattern.test(value));
}

export const SAFETY_REPLY =
  'Siento mucho que estés pasando por esto, y gracias por contármelo. Lo que sientes importa y mereces ' +
  'apoyo ahora mismo de una persona. Si estás en España, llama al 024 (línea de atención a la conducta ' +
  'suicida: gratuita, confidencial y disponible las 24 horas) o al 112 si estás en peligro inmediato. ' +
  'Si estás en otro país, llama a tu número local de emergencias o busca la línea de ayuda de tu país en ' +
  'findahelpline.com. Yo no soy un servicio de crisis ni un terapeuta, así que no voy a seguir con el ' +
  'coaching ahora; si puedes, escribe o llama a alguien de confianza para que te acompañe.';
