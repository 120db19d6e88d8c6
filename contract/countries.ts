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

/**
 * ITU-T E.164 country calling codes, each followed by the countries (alpha-3) that dial it: the
 * API writes phone numbers as `+<calling code>.<national number>` (api-rules §4.9).
 */
const callingCodeGroups =
  '1 ASM AIA ATG BHS BRB BMU CAN CYM DMA DOM GRD GUM JAM MSR MNP PRI KNA LCA VCT SXM TTO TCA ' +
  'USA UMI VGB VIR|7 KAZ RUS|20 EGY|27 ZAF|30 GRC|31 NLD|32 BEL|33 FRA|34 ESP|36 HUN|' +
  '39 ITA VAT|40 ROU|41 CHE|43 AUT|44 GBR GGY IMN JEY|45 DNK|46 SWE|47 NOR SJM BVT|48 POL|' +
  '49 DEU|51 PER|52 MEX|53 CUB|54 ARG|55 BRA|56 CHL|57 COL|58 VEN|60 MYS|61 AUS CXR CCK|' +
  '62 IDN|63 PHL|64 NZL PCN|65 SGP|66 THA|81 JPN|82 KOR|84 VNM|86 CHN|90 TUR|91 IND|92 PAK|' +
  '93 AFG|94 LKA|95 MMR|98 IRN|211 SSD|212 MAR ESH|213 DZA|216 TUN|218 LBY|220 GMB|221 SEN|' +
  '222 MRT|223 MLI|224 GIN|225 CIV|226 BFA|227 NER|228 TGO|229 BEN|230 MUS|231 LBR|232 SLE|' +
  '233 GHA|234 NGA|235 TCD|236 CAF|237 CMR|238 CPV|239 STP|240 GNQ|241 GAB|242 COG|243 COD|' +
  '244 AGO|245 GNB|246 IOT|248 SYC|249 SDN|250 RWA|251 ETH|252 SOM|253 DJI|254 KEN|255 TZA|' +
  '256 UGA|257 BDI|258 MOZ|260 ZMB|261 MDG|262 REU MYT ATF|263 ZWE|264 NAM|265 MWI|266 LSO|' +
  '267 BWA|268 SWZ|269 COM|290 SHN|291 ERI|297 ABW|298 FRO|299 GRL|350 GIB|351 PRT|352 LUX|' +
  '353 IRL|354 ISL|355 ALB|356 MLT|357 CYP|358 FIN ALA|359 BGR|370 LTU|371 LVA|372 EST|' +
  '373 MDA|374 ARM|375 BLR|376 AND|377 MCO|378 SMR|380 UKR|381 SRB|382 MNE|385 HRV|386 SVN|' +
  '387 BIH|389 MKD|420 CZE|421 SVK|423 LIE|500 FLK SGS|501 BLZ|502 GTM|503 SLV|504 HND|' +
  '505 NIC|506 CRI|507 PAN|508 SPM|509 HTI|590 GLP BLM MAF|591 BOL|592 GUY|593 ECU|594 GUF|' +
  '595 PRY|596 MTQ|597 SUR|598 URY|599 CUW BES|670 TLS|672 ATA HMD NFK|673 BRN|674 NRU|' +
  '675 PNG|676 TON|677 SLB|678 VUT|679 FJI|680 PLW|681 WLF|682 COK|683 NIU|685 WSM|686 KIR|' +
  '687 NCL|688 TUV|689 PYF|690 TKL|691 FSM|692 MHL|850 PRK|852 HKG|853 MAC|855 KHM|856 LAO|' +
  '880 BGD|886 TWN|960 MDV|961 LBN|962 JOR|963 SYR|964 IRQ|965 KWT|966 SAU|967 YEM|968 OMN|' +
  '970 PSE|971 ARE|972 ISR|973 BHR|974 QAT|975 BTN|976 MNG|977 NPL|992 TJK|993 TKM|994 AZE|' +
  '995 GEO|996 KGZ|998 UZB';

/** Alpha-3 code → the country's calling code. */
export const callingCodeByCountry: ReadonlyMap<string, string> = new Map(
  callingCodeGroups.split('|').flatMap((group) => {
    const [code, ...countries] = group.split(' ');
    return countries.map((country) => [country, code!] as const);
  }),
);

/** Every calling code; no code is the start of another (E.164), so a number has one reading. */
export const callingCodes: ReadonlySet<string> = new Set(callingCodeByCountry.values());
