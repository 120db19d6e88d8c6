/**
 * ISO 3166-1 countries as `alpha-2 alpha-3` pairs: the API speaks alpha-3 (api-rules §2.9), while
 * VAT rules and the browser's country names (Intl.DisplayNames) are keyed by alpha-2.
 */
const pairs =
  'AF AFG AX ALA AL ALB DZ DZA AS ASM AD AND AO AGO AI AIA AQ ATA AG ATG AR ARG AM ARM AW ABW ' +
  'AU AUS AT AUT AZ AZE BS BHS BH BHR BD BGD BB BRB BY BLR BE BEL BZ BLZ BJ BEN BM BMU BT BTN ' +
  'BO BOL BQ BES BA BIH BW BWA BV BVT BR BRA IO IOT BN BRN BG BGR BF BFA BI BDI CV CPV KH KHM ' +
  'CM CMR CA CAN KY CYM CF CAF TD TCD CL CHL CN CHN CX CXR CC CCK CO COL KM COM CG COG CD COD ' +
  'CK COK CR CRI CI CIV HR HRV CU CUB CW CUW CY CYP CZ CZE DK DNK DJ DJI DM DMA DO DOM EC ECU ' +
  'EG EGY SV SLV GQ GNQ ER ERI EE EST SZ SWZ ET ETH FK FLK FO FRO FJ FJI FI FIN FR FRA GF GUF ' +
  'PF PYF TF ATF GA GAB GM GMB GE GEO DE DEU GH GHA GI GIB GR GRC GL GRL GD GRD GP GLP GU GUM ' +
  'GT GTM GG GGY GN GIN GW GNB GY GUY HT HTI HM HMD VA VAT HN HND HK HKG HU HUN IS ISL IN IND ' +
  'ID IDN IR IRN IQ IRQ IE IRL IM IMN IL ISR IT ITA JM JAM JP JPN JE JEY JO JOR KZ KAZ KE KEN ' +
  'KI KIR KP PRK KR KOR KW KWT KG KGZ LA LAO LV LVA LB LBN LS LSO LR LBR LY LBY LI LIE LT LTU ' +
  'LU LUX MO MAC MG MDG MW MWI MY MYS MV MDV ML MLI MT MLT MH MHL MQ MTQ MR MRT MU MUS YT MYT ' +
  'MX MEX FM FSM MD MDA MC MCO MN MNG ME MNE MS MSR MA MAR MZ MOZ MM MMR NA NAM NR NRU NP NPL ' +
  'NL NLD NC NCL NZ NZL NI NIC NE NER NG NGA NU NIU NF NFK MK MKD MP MNP NO NOR OM OMN PK PAK ' +
  'PW PLW PS PSE PA PAN PG PNG PY PRY PE PER PH PHL PN PCN PL POL PT PRT PR PRI QA QAT RE REU ' +
  'RO ROU RU RUS RW RWA BL BLM SH SHN KN KNA LC LCA MF MAF PM SPM VC VCT WS WSM SM SMR ST STP ' +
  'SA SAU SN SEN RS SRB SC SYC SL SLE SG SGP SX SXM SK SVK SI SVN SB SLB SO SOM ZA ZAF GS SGS ' +
  'SS SSD ES ESP LK LKA SD SDN SR SUR SJ SJM SE SWE CH CHE SY SYR TW TWN TJ TJK TZ TZA TH THA ' +
  'TL TLS TG TGO TK TKL TO TON TT TTO TN TUN TR TUR TM TKM TC TCA TV TUV UG UGA UA UKR AE ARE ' +
  'GB GBR US USA UM UMI UY URY UZ UZB VU VUT VE VEN VN VNM VG VGB VI VIR WF WLF EH ESH YE YEM ' +
  'ZM ZMB ZW ZWE';

const words = pairs.split(' ');

/** Alpha-3 code → alpha-2 code, for every ISO 3166-1 country. */
export const alpha2ByAlpha3: ReadonlyMap<string, string> = new Map(
  words.flatMap((word, index) => (index % 2 === 1 ? [[word, words[index - 1]!] as const] : [])),
);

export const countryCodes: readonly string[] = [...alpha2ByAlpha3.keys()].sort();

export const isCountryCode = (code: string) => alpha2ByAlpha3.has(code);

/** The 50 states and the District of Columbia, by their USPS codes. */
export const usStates: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};
