/**
 * An amount in words in Hindi, as an Indian document writes it (issue 38: the Hindi app showed the
 * English words). Hindi has a word of its own for every number below a hundred, so they are listed.
 */
const BELOW_HUNDRED = [
  'शून्य',
  'एक',
  'दो',
  'तीन',
  'चार',
  'पाँच',
  'छह',
  'सात',
  'आठ',
  'नौ',
  'दस',
  'ग्यारह',
  'बारह',
  'तेरह',
  'चौदह',
  'पंद्रह',
  'सोलह',
  'सत्रह',
  'अठारह',
  'उन्नीस',
  'बीस',
  'इक्कीस',
  'बाईस',
  'तेईस',
  'चौबीस',
  'पच्चीस',
  'छब्बीस',
  'सत्ताईस',
  'अट्ठाईस',
  'उनतीस',
  'तीस',
  'इकतीस',
  'बत्तीस',
  'तैंतीस',
  'चौंतीस',
  'पैंतीस',
  'छत्तीस',
  'सैंतीस',
  'अड़तीस',
  'उनतालीस',
  'चालीस',
  'इकतालीस',
  'बयालीस',
  'तैंतालीस',
  'चवालीस',
  'पैंतालीस',
  'छियालीस',
  'सैंतालीस',
  'अड़तालीस',
  'उनचास',
  'पचास',
  'इक्यावन',
  'बावन',
  'तिरपन',
  'चौवन',
  'पचपन',
  'छप्पन',
  'सत्तावन',
  'अट्ठावन',
  'उनसठ',
  'साठ',
  'इकसठ',
  'बासठ',
  'तिरसठ',
  'चौंसठ',
  'पैंसठ',
  'छियासठ',
  'सड़सठ',
  'अड़सठ',
  'उनहत्तर',
  'सत्तर',
  'इकहत्तर',
  'बहत्तर',
  'तिहत्तर',
  'चौहत्तर',
  'पचहत्तर',
  'छिहत्तर',
  'सतहत्तर',
  'अठहत्तर',
  'उन्यासी',
  'अस्सी',
  'इक्यासी',
  'बयासी',
  'तिरासी',
  'चौरासी',
  'पचासी',
  'छियासी',
  'सत्तासी',
  'अट्ठासी',
  'नवासी',
  'नब्बे',
  'इक्यानवे',
  'बानवे',
  'तिरानवे',
  'चौरानवे',
  'पचानवे',
  'छियानवे',
  'सत्तानवे',
  'अट्ठानवे',
  'निन्यानवे',
] as const;

/** A whole number in Hindi words with Indian grouping: करोड़, लाख, हज़ार, सौ. */
export function numberInWordsHindi(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a count: ${value}`);
  if (value < 100) return BELOW_HUNDRED[value]!;
  const crores = Math.floor(value / 10_000_000);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  const thousands = Math.floor((value % 100_000) / 1000);
  const hundreds = Math.floor((value % 1000) / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (crores > 0) parts.push(`${numberInWordsHindi(crores)} करोड़`);
  if (lakhs > 0) parts.push(`${BELOW_HUNDRED[lakhs]} लाख`);
  if (thousands > 0) parts.push(`${BELOW_HUNDRED[thousands]} हज़ार`);
  if (hundreds > 0) parts.push(`${BELOW_HUNDRED[hundreds]} सौ`);
  if (rest > 0) parts.push(BELOW_HUNDRED[rest]!);
  return parts.join(' ');
}

/** 12345678 paise → "एक लाख तेईस हज़ार चार सौ छप्पन रुपये और अठहत्तर पैसे मात्र". */
export function amountInWordsHindi(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const whole = `${numberInWordsHindi(rupees)} रुपये`;
  return rest > 0 ? `${whole} और ${BELOW_HUNDRED[rest]} पैसे मात्र` : `${whole} मात्र`;
}
