/** Word lists for the synthetic catalogue, written for this benchmark. */

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** Product areas that prefix tool names, as integration platforms do (`hris_`, `crm_`). */
export const domains = words(`
  hris crm ats billing calendar chat email files git issues docs wiki ticketing payments
  accounting inventory shipping analytics marketing sales support helpdesk cms ecommerce
  storage identity iam monitoring logging cicd cloud database search social survey forms
  lms payroll expenses procurement legal contracts travel maps weather notes tasks
`);

/** Actions in tool names. */
export const verbs = words(`
  list get create update delete search find archive restore export import sync send
  assign approve reject cancel schedule move copy share publish merge close reopen
  invite remove add upload download tag comment notify refund
`);

/** Things tools act on. */
export const objects = words(`
  employee employees contact contacts deal deals lead leads candidate candidates job jobs
  application applications interview interviews offer invoice invoices payment payments
  subscription customer customers account accounts event events meeting meetings channel
  channels message messages thread threads email emails draft drafts attachment file files
  folder folders repository repositories branch branches commit commits pull_request issue
  issues comment comments label labels milestone page pages space document documents
  ticket tickets agent agents order orders product products variant sku warehouse shipment
  shipments carrier report reports dashboard metric metrics campaign campaigns audience
  segment list_member note notes task tasks project projects team teams user users group
  groups role roles permission permissions policy token secret alert alerts incident
  incidents log logs pipeline build deployment environment bucket object table record
  records query index form response survey course enrollment grade payslip expense
  receipt vendor purchase_order contract clause trip booking location forecast timesheet
  department position time_off benefit
`);

/** Optional last part of a name, so 100,000 distinct names exist. */
export const qualifiers = words(`
  by_id by_email bulk batch v2 details summary history status count settings metadata
  permissions members owners preview async stream raw
`);

/**
 * The most frequent words, most frequent first: they take the top Zipf ranks, so like real tool
 * descriptions most texts contain `the`, `a`, `list` or `user`.
 */
export const commonWords = words(`
  the a to of and for in or by with from this on an is all be its that as given are
  returns id list user data new can when if one more specified not will which at it
  name optional only each include field value results current using into use their
  details information any other default set type status time number use all existing
  specific date filter api request response object item items record records account
  based optionally also such after before between within up out over under about
`);

/** Content words for the middle of the Zipf curve. */
export const contentWords = words(`
  employee contact deal lead candidate job application interview offer invoice payment
  subscription customer event meeting channel message thread email draft attachment file
  folder repository branch commit request issue comment label milestone page document
  ticket agent order product variant warehouse shipment carrier report dashboard metric
  campaign audience segment note task project team group role permission policy token
  secret alert incident log pipeline build deployment environment bucket table query index
  form survey course enrollment grade payslip expense receipt vendor purchase contract
  clause trip booking location forecast timesheet department position benefit salary
  manager hire start end title description address phone company organization workspace
  tenant region zone currency amount price quantity discount tax total balance period
  month year week day hour minute timezone language locale country city street postal
  code url link image video audio attachment size format version revision history audit
  trail owner assignee reviewer approver member follower subscriber recipient sender
  subject body priority severity category tag keyword score rating review feedback
  sentiment response answer question option choice default limit offset cursor page
  sort order ascending descending filter criteria range start_date end_date created
  updated deleted archived active inactive pending approved rejected draft published
  scheduled completed failed running queued cancelled open closed resolved merged
  public private internal external shared personal team global local remote primary
  secondary parent child nested related linked associated matching latest oldest first
  last next previous total partial full summary detailed raw formatted encoded json csv
  pdf html markdown text plain rich bulk single multiple batch async sync realtime
  webhook callback trigger action workflow automation rule condition schedule recurring
  daily weekly monthly quarterly annual fiscal budget cost revenue margin profit loss
  invoice_line payment_method card bank transfer refund charge dispute payout fee
  shipping delivery tracking return exchange stock reorder supplier catalog listing
  inventory sku barcode serial batch lot expiry warranty repair maintenance asset device
  license seat plan tier quota usage billing meter credit debit ledger journal entry
  reconcile statement payroll deduction bonus commission overtime leave vacation sick
  holiday shift roster attendance onboarding offboarding training certification skill
  goal objective review appraisal compensation equity grant vesting
`);

/** Syllables for the long tail of rare words (product names, jargon), built deterministically. */
export const syllables = words(`
  ka lo mi ne ru sa te vo zi pa qu ex ly tor nix ver dal gen mon fra bel cor sin tal
  dro pex vin gal mar zu ko ri ta fe
`);

/** Parameter names; objects' ids (`employeeId`) are added by the generator. */
export const parameterNames = words(`
  id name email limit cursor offset page page_size status query filter sort order since
  until start_date end_date created_after updated_after owner_id assignee_id team_id
  project_id workspace_id include fields expand format locale timezone currency amount
  description title body subject priority tags labels notes url callback_url dry_run
  force recursive visibility role type category reason message channel_id parent_id
  due_date notify external_id metadata
`);

/** Values of enum parameters. */
export const enumValues = words(`
  active inactive pending approved rejected draft published archived open closed
  resolved low medium high urgent critical asc desc json csv pdf xml daily weekly monthly
  public private internal full_time part_time contractor intern email sms push webhook
  usd eur gbp jpy created updated deleted name date size relevance en fr de es ja
`);
