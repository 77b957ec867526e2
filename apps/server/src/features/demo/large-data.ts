/**
 * Word lists of the large demo company (seed-large): real Italian cities with
 * province, postcode and coordinates, streets, surnames, trades and legal forms
 * for customer names, plant and machine names, and the article catalogue parts.
 * Combined by the SQL of large.ts with different strides, so sorting by name,
 * city or description is not the insertion order.
 */

/** name, province, CAP, latitude, longitude */
export const CITIES: [string, string, string, number, number][] = [
  ['Milano', 'MI', '20121', 45.4642, 9.19], ['Roma', 'RM', '00184', 41.9028, 12.4964], ['Torino', 'TO', '10121', 45.0703, 7.6869],
  ['Napoli', 'NA', '80133', 40.8518, 14.2681], ['Bologna', 'BO', '40121', 44.4949, 11.3426], ['Firenze', 'FI', '50122', 43.7696, 11.2558],
  ['Genova', 'GE', '16121', 44.4056, 8.9463], ['Venezia', 'VE', '30121', 45.4408, 12.3155], ['Verona', 'VR', '37121', 45.4384, 10.9916],
  ['Padova', 'PD', '35122', 45.4064, 11.8768], ['Bari', 'BA', '70121', 41.1171, 16.8719], ['Palermo', 'PA', '90133', 38.1157, 13.3615],
  ['Catania', 'CT', '95131', 37.5079, 15.083], ['Brescia', 'BS', '25121', 45.5416, 10.2118], ['Bergamo', 'BG', '24121', 45.6983, 9.6773],
  ['Modena', 'MO', '41121', 44.6471, 10.9252], ['Parma', 'PR', '43121', 44.8015, 10.3279], ['Reggio Emilia', 'RE', '42121', 44.6989, 10.6297],
  ['Forlì', 'FC', '47121', 44.2227, 12.0407], ['Cesena', 'FC', '47521', 44.1391, 12.2431], ['Rimini', 'RN', '47921', 44.0678, 12.5695],
  ['Ravenna', 'RA', '48121', 44.4184, 12.2035], ['Ferrara', 'FE', '44121', 44.8381, 11.6198], ['Piacenza', 'PC', '29121', 45.0526, 9.693],
  ['Trento', 'TN', '38122', 46.0748, 11.1217], ['Bolzano', 'BZ', '39100', 46.4983, 11.3548], ['Udine', 'UD', '33100', 46.0711, 13.2346],
  ['Trieste', 'TS', '34121', 45.6495, 13.7768], ['Treviso', 'TV', '31100', 45.6669, 12.243], ['Vicenza', 'VI', '36100', 45.5455, 11.5354],
  ['Como', 'CO', '22100', 45.8081, 9.0852], ['Varese', 'VA', '21100', 45.8206, 8.8251], ['Monza', 'MB', '20900', 45.5845, 9.2744],
  ['Lecco', 'LC', '23900', 45.8566, 9.3977], ['Pavia', 'PV', '27100', 45.1847, 9.1582], ['Cremona', 'CR', '26100', 45.1332, 10.0227],
  ['Mantova', 'MN', '46100', 45.1564, 10.7914], ['Novara', 'NO', '28100', 45.4469, 8.6222], ['Alessandria', 'AL', '15121', 44.9133, 8.615],
  ['Asti', 'AT', '14100', 44.9, 8.2065], ['Cuneo', 'CN', '12100', 44.3845, 7.5427], ['La Spezia', 'SP', '19121', 44.1025, 9.824],
  ['Pisa', 'PI', '56125', 43.7228, 10.4017], ['Livorno', 'LI', '57123', 43.5485, 10.3106], ['Lucca', 'LU', '55100', 43.8429, 10.5027],
  ['Prato', 'PO', '59100', 43.8777, 11.1022], ['Arezzo', 'AR', '52100', 43.4633, 11.8797], ['Siena', 'SI', '53100', 43.3188, 11.3308],
  ['Perugia', 'PG', '06121', 43.1107, 12.3908], ['Ancona', 'AN', '60121', 43.6158, 13.5189], ['Pesaro', 'PU', '61121', 43.9098, 12.9131],
  ['Pescara', 'PE', '65121', 42.4618, 14.2161], ['L\'Aquila', 'AQ', '67100', 42.3498, 13.3995], ['Campobasso', 'CB', '86100', 41.5603, 14.6627],
  ['Salerno', 'SA', '84121', 40.6824, 14.7681], ['Caserta', 'CE', '81100', 41.0742, 14.3328], ['Foggia', 'FG', '71121', 41.4622, 15.5446],
  ['Lecce', 'LE', '73100', 40.3515, 18.1750], ['Taranto', 'TA', '74121', 40.4644, 17.247], ['Potenza', 'PZ', '85100', 40.6404, 15.8056],
  ['Cosenza', 'CS', '87100', 39.2983, 16.2537], ['Reggio Calabria', 'RC', '89121', 38.1144, 15.65], ['Messina', 'ME', '98121', 38.1938, 15.554],
  ['Siracusa', 'SR', '96100', 37.0755, 15.2866], ['Cagliari', 'CA', '09124', 39.2238, 9.1217], ['Sassari', 'SS', '07100', 40.7259, 8.5557],
  ['Aosta', 'AO', '11100', 45.7376, 7.3201], ['Imola', 'BO', '40026', 44.3531, 11.7147], ['Sassuolo', 'MO', '41049', 44.5441, 10.7846],
  ['Faenza', 'RA', '48018', 44.2857, 11.8834], ['Carpi', 'MO', '41012', 44.7837, 10.8847], ['Sesto San Giovanni', 'MI', '20099', 45.5337, 9.2346],
];

export const STREETS = [
  'Via Roma', 'Via Garibaldi', 'Via Mazzini', 'Corso Italia', 'Via Cavour', 'Via Dante Alighieri', 'Via Verdi', 'Viale della Repubblica',
  'Via Matteotti', 'Via XX Settembre', 'Via Marconi', 'Via Kennedy', 'Via dell\'Industria', 'Via dell\'Artigianato', 'Via Emilia',
  'Via Aurelia', 'Via Nazionale', 'Piazza della Libertà', 'Via Gramsci', 'Via Leonardo da Vinci', 'Via Galileo Galilei', 'Via Europa',
  'Via dei Mille', 'Via Torino', 'Via Milano', 'Via Fermi', 'Via Volta', 'Viale Trieste', 'Via San Francesco', 'Via Manzoni',
];

export const SURNAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti',
  'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi',
  'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola',
  'De Santis', 'D\'Angelo', 'Marchetti', 'Parisi', 'Villa', 'Conte', 'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini', 'Grasso',
  'Valentini', 'Messina', 'Sala', 'De Angelis', 'Gatti', 'Pellegrini', 'Palumbo', 'Sanna', 'Farina', 'Rizzi', 'Monti', 'Cattaneo',
  'Morelli', 'Amato', 'Silvestri', 'Mazza', 'Testa', 'Grassi', 'Pellegrino', 'Carbone', 'Giuliani', 'Benedetti', 'Barone', 'Rossetti',
  'Caputo', 'Montanari', 'Guerra', 'Palmieri', 'Bernardi', 'Martino', 'Fiore', 'De Rosa', 'Ferretti', 'Bellini', 'Basile', 'Riva',
  'Donati', 'Piras', 'Vitali', 'Battaglia', 'Sartori', 'Neri', 'Costantini', 'Milani', 'Pagano', 'Ruggiero', 'Sorrentino', "D'Amico",
];

export const TRADES = [
  'Impianti', 'Termoidraulica', 'Officine', 'Meccanica', 'Elettroimpianti', 'Climatizzazione', 'Costruzioni', 'Alimentari',
  'Logistica', 'Plastiche', 'Ceramiche', 'Serramenti', 'Tessile', 'Caseificio', 'Panificio', 'Hotel', 'Farmacia', 'Autofficina',
  'Lavanderia', 'Falegnameria', 'Carpenteria', 'Frigoriferi', 'Energia', 'Tecnologie', 'Studio Tecnico', 'Condominio',
];

export const LEGAL_FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.', '& C. S.n.c.', 'Soc. Coop.', ''];

export const PLANT_NAMES = ['Sede', 'Stabilimento', 'Magazzino', 'Filiale', 'Centrale termica', 'Reparto produzione', 'Uffici'];

export const MACHINE_NAMES = [
  'Caldaia a condensazione', 'Pompa di calore', 'Gruppo frigo', 'Compressore a vite', 'Bruciatore a gas', 'Unità trattamento aria',
  'Quadro elettrico generale', 'Gruppo elettrogeno', 'Addolcitore', 'Cella frigorifera', 'Split a parete', 'Centrale antincendio',
  'Scambiatore di calore', 'Torre evaporativa', 'Ascensore', 'Impianto fotovoltaico', 'Inverter', 'Autoclave',
];

export const MACHINE_BRANDS = ['Riello', 'Baxi', 'Vaillant', 'Daikin', 'Mitsubishi', 'Atlas Copco', 'Carrier', 'Ferroli', 'Immergas', 'Aermec', 'Clivet', 'Viessmann'];

/** Article catalogue: item type, size or model, material or spec, unit of measure. */
export const ARTICLE_TYPES: [string, string][] = [
  ['Valvola a sfera', 'pz'], ['Raccordo a T', 'pz'], ['Tubo multistrato', 'm'], ['Tubo in rame', 'm'], ['Guarnizione piana', 'pz'],
  ['Filtro aria', 'pz'], ['Cinghia trapezoidale', 'pz'], ['Cuscinetto a sfere', 'pz'], ['Termostato ambiente', 'pz'], ['Sonda di temperatura', 'pz'],
  ['Pressostato', 'pz'], ['Vaso di espansione', 'pz'], ['Circolatore', 'pz'], ['Elettrovalvola', 'pz'], ['Scheda elettronica', 'pz'],
  ['Ugello bruciatore', 'pz'], ['Elettrodo di accensione', 'pz'], ['Gas refrigerante R32', 'kg'], ['Gas refrigerante R410A', 'kg'], ['Olio compressore', 'l'],
  ['Cavo elettrico FG16', 'm'], ['Interruttore magnetotermico', 'pz'], ['Contattore', 'pz'], ['Fusibile', 'pz'], ['Nastro isolante', 'pz'],
  ['Manometro', 'pz'], ['Flussostato', 'pz'], ['Valvola di sicurezza', 'pz'], ['Scambiatore a piastre', 'pz'], ['Ventilatore assiale', 'pz'],
  ['Motore elettrico', 'pz'], ['Condensatore di avviamento', 'pz'], ['Tubo flessibile inox', 'pz'], ['Staffa di fissaggio', 'pz'], ['Isolante in elastomero', 'm'],
  ['Manodopera tecnico', 'h'], ['Diritto di chiamata', 'pz'], ['Detergente batterie', 'l'], ['Sale per addolcitore', 'kg'], ['Batteria tampone', 'pz'],
];

export const ARTICLE_SIZES = ['1/2"', '3/4"', '1"', '1 1/4"', 'DN15', 'DN20', 'DN25', 'DN32', '16x2', '20x2', '26x3', '3x1,5 mmq', '5x2,5 mmq', '230V', '24V', '10A', '16A', '25A', '8 l', '18 l', '592x592', '287x592', 'A 40', 'B 52', '6204 ZZ', '6305 2RS'];

export const ARTICLE_SPECS = ['ottone', 'acciaio inox', 'PN16', 'PN25', 'classe G4', 'classe F7', 'per caldaia', 'per gruppo frigo', 'universale', 'con certificazione CE', 'alta efficienza', 'per esterno'];

export const ARTICLE_BRANDS = ['Caleffi', 'Giacomini', 'RBM', 'Grundfos', 'Wilo', 'Honeywell', 'Danfoss', 'Siemens', 'Schneider', 'ABB', 'SKF', 'Castel', 'Emmeti', 'Valsir'];
