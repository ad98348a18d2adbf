package demo

// The demo data set's material: real court stations and case-number
// formats (shared/data/kenya-courts.md), invented parties. Never take a
// name from a real cause list.

// matter is one case of the demo diary.
type matter struct {
	caseID   string
	parties  string
	court    string
	caseType string
	filed    int // days before today the case was filed
}

var matters = []matter{
	{"MCCC/E3574/2022", "Wanjiru Holdings Ltd v Otieno Transporters Ltd", "Milimani Commercial Magistrate Court", "Civil Suit", 800},
	{"MCCR/E802/2021", "Republic v Kiprono Langat", "Milimani Magistrate Court (Criminal)", "Criminal Case", 1150},
	{"Civil Appeal E097 of 2020", "Nyota Logistics Ltd v Mwangaza Traders Ltd", "Milimani Law Courts (High Court, Civil Division)", "Civil Appeal", 1600},
	{"MCSUCC/E068/2022", "In The Estate Of Josephat Mutua Kilonzo", "Milimani Commercial Magistrate Court (Family)", "Succession", 900},
	{"ELRC Cause 7 of 2020", "Akinyi Adhiambo v Baraka Motors Ltd", "Employment and Labour Relations Court, Nairobi", "Employment Claim", 1700},
	{"Environment and Land Appeal E005 of 2022", "Kilele Farm Supplies Ltd v Chebet Rotich", "Environment and Land Court, Nairobi", "Land Appeal", 950},
	{"MCCC/E1182/2023", "Tausi Apartments Ltd v Mumbi Gathoni", "Milimani Commercial Magistrate Court", "Civil Suit", 560},
	{"MCCR/E1417/2023", "Republic v Omondi Ochieng", "Kibera Law Courts", "Criminal Case", 500},
	{"Constitutional Petition E012 of 2024", "Wakazi wa Kilimani Residents Association v County Government of Nairobi", "Milimani Law Courts (Constitution and Human Rights Division)", "Constitutional Petition", 330},
	{"Small Claims Court Case No. E3443 of 2024", "Jabali Hardware Ltd v Kerubo Moraa", "Milimani Small Claims Court", "Small Claim", 200},
	{"MCELC/E044/2022", "Njeri Wambui v Simba Bakers Ltd", "Milimani Environment and Land Court", "Land Case", 880},
	{"Civil Appeal E003 of 2024", "Pwani Fresh Produce Ltd v Hassan Mwinyi", "Court of Appeal, Mombasa", "Civil Appeal", 300},
	{"MCCC/E2261/2023", "Kibet Cheruiyot v Lango Insurance Co. Ltd", "Mombasa Magistrate Court", "Civil Suit", 470},
	{"HCCC/E101/2023", "Mawimbi Beach Resort Ltd v Coastline Builders Ltd", "Mombasa High Court (Commercial and Tax Division)", "Commercial Suit", 610},
	{"ELRC Cause E118 of 2023", "Zawadi Nekesa v Kisumu Water Works Ltd", "Employment and Labour Relations Court, Kisumu", "Employment Claim", 420},
	{"Environment & Land Case 799 of 2014", "Ouma Clan Elders v Lake Basin Estates Ltd", "Environment and Land Court, Kisumu", "Land Case", 3900},
	{"MCCR/E233/2024", "Republic v Wekesa Barasa", "Nakuru Law Courts", "Criminal Case", 260},
	{"MCCC/E0784/2024", "Rift Valley Dairy Co-operative Society v Koech Agrovet Ltd", "Nakuru Law Courts", "Civil Suit", 240},
	{"Civil Appeal E045 of 2023", "Mutai Sawmills Ltd v Jeptoo Kiplagat", "Eldoret High Court", "Civil Appeal", 520},
	{"MCSUCC/E112/2023", "In The Estate Of Margaret Wairimu Ndung'u", "Kiambu Law Courts", "Succession", 610},
	{"MCCC/E1550/2024", "Thika Textile Mills Ltd v Kariuki Githinji", "Thika Law Courts", "Civil Suit", 150},
	{"Misc. Appl. No. 453 of 2017", "Machakos Fruit Growers Ltd v Mwende Musyoka", "Machakos High Court", "Miscellaneous Application", 2800},
	{"MCCR/E0911/2024", "Republic v Were Okello", "Makadara Law Courts", "Traffic Case", 180},
	{"Family Miscellaneous Application E002 of 2025", "In The Matter Of The Estate Of Fatuma Abdalla Said", "Milimani Law Courts (Family Division)", "Family Application", 90},
	{"MCDC/E002/2023", "Nduta Kamau v Ng'ang'a Kamau", "Milimani Commercial Magistrate Court (Family)", "Divorce Cause", 700},
	{"Petition E031 of 2024", "Mwalimu Teachers Sacco v Kenya Revenue Authority", "Supreme Court of Kenya", "Petition", 280},
	{"MCCC/E4120/2023", "Soko Huru Supermarkets Ltd v Moraa Nyaboke", "Milimani Commercial Magistrate Court", "Civil Suit", 410},
	{"HCCOMM/E219/2024", "Imara Capital Ltd v Upendo Hardware Ltd", "Milimani Law Courts (Commercial and Tax Division)", "Commercial Suit", 210},
	{"ELRC Appeal No. 21 of 2019", "Kahindi Charo v Malindi Salt Works Ltd", "Employment and Labour Relations Court, Mombasa", "Employment Appeal", 2100},
	{"MCCHCC/E001/2023", "In The Matter Of A.K. (a minor)", "Milimani Children's Court", "Children Case", 760},
	{"MCCC/E0356/2024", "Kakamega Sugar Outgrowers Ltd v Shikuku Wanyama", "Kakamega Law Courts", "Civil Suit", 330},
	{"MCCR/E1288/2022", "Republic v Nyamweya Onsongo", "Kisii Law Courts", "Criminal Case", 850},
	{"Civil Appeal E077 of 2022", "Kitale Grain Millers Ltd v Wafula Simiyu", "Kitale High Court", "Civil Appeal", 780},
	{"MCCC/E0199/2024", "Garissa Livestock Traders Ltd v Abdi Farah Hussein", "Garissa Law Courts", "Civil Suit", 270},
	{"Environment and Land Appeal E014 of 2023", "Meru Highlands Tea Growers v Murithi Kirimi", "Environment and Land Court, Meru", "Land Appeal", 480},
	{"MCACC/E010/2021", "Republic v Mutiso Kyalo and 2 others", "Milimani Magistrate Court (Anti-Corruption)", "Anti-Corruption Case", 1250},
	{"Application E001 of 2025", "Safari Tours & Travel Ltd v Kilimanjaro Coaches Ltd", "Court of Appeal, Nairobi", "Application", 60},
	{"MCCC/E5021/2023", "Amani Pharmaceuticals Ltd v Wairimu Njenga", "Milimani Commercial Magistrate Court", "Civil Suit", 390},
	{"MCSUCCMISC/E057/2023", "In The Estate Of Ezekiel Onyango Ouko", "Kisumu Law Courts", "Succession (Miscellaneous)", 530},
	{"ELRC Cause E502 of 2024", "Cherono Jelagat v Eldoret Fresh Dairies Ltd", "Employment and Labour Relations Court, Kericho", "Employment Claim", 160},
	{"MCCC/E2890/2024", "Bahari Shipping Agencies Ltd v Salim Juma Mwachiro", "Mombasa Magistrate Court", "Civil Suit", 120},
	{"Civil Appeal E156 of 2024", "Nairobi Kitchen Fittings Ltd v Otieno Were", "Milimani Law Courts (High Court, Civil Division)", "Civil Appeal", 140},
	{"MCCR/E0612/2025", "Republic v Kiptoo Biwott", "JKIA Law Courts", "Criminal Case", 40},
	{"MCCC/E0071/2025", "Kahawa Estates Ltd v Mugo Waweru", "Kahawa Law Courts", "Civil Suit", 50},
}

// Activity kinds as a Kenyan cause list names its business.
var (
	pastKinds   = []string{"Mention", "Pre-Trial Conference", "Directions", "Hearing of Application", "Plea", "Case Management Conference", "Mediation Adoption", "Taxation"}
	futureKinds = []string{"Hearing", "Mention", "Part Heard Hearing", "Submissions", "Ruling", "Judgment", "Defence Hearing", "Fresh Hearing", "Assessment of Costs", "Notice to Show Cause"}
	times       = []string{"09:00", "09:30", "10:00", "11:00", "11:30", "14:00", "14:30", ""}
	outcomes    = []string{
		"Adjourned; plaintiff's witness absent.",
		"Parties to file and exchange written submissions within 14 days.",
		"Matter certified ready for hearing.",
		"Accused took plea of not guilty; bond terms extended.",
		"Consent recorded; matter referred to court-annexed mediation.",
		"Directions given on documents; defence to comply within 21 days.",
		"Application allowed; costs in the cause.",
		"Court did not sit; matter given a new date at the registry.",
	}
)

// client is one client of the demo diary with the indexes of its matters.
type client struct {
	fullname, phone, email, nationalID string
	temporary                          bool
	address, kind, notes, prefer       string
	matters                            []int
}

var demoClients = []client{
	{"Wanjiru Holdings Ltd", "0722 481 093", "legal@wanjiruholdings.co.ke", "", false, "Mombasa Road, Nairobi", "Company", "Retainer since 2021.", "Email", []int{0}},
	{"Kiprono Langat", "0711 204 587", "", "31874520", false, "Kitengela, Kajiado", "Individual", "Prefers calls after 6pm.", "Phone", []int{1}},
	{"Nyota Logistics Ltd", "0733 550 612", "accounts@nyotalogistics.co.ke", "", false, "Industrial Area, Nairobi", "Company", "", "Email", []int{2, 27}},
	{"Mary Kilonzo", "0700 918 334", "mkilonzo@example.co.ke", "TMP-2024-0113", true, "Machakos Town", "Individual", "Administrator of the estate; original ID pending replacement.", "WhatsApp", []int{3}},
	{"Akinyi Adhiambo", "0745 662 019", "akinyi.adhiambo@example.co.ke", "28455103", false, "Kisumu", "Individual", "", "WhatsApp", []int{4}},
	{"Kilele Farm Supplies Ltd", "0720 334 876", "info@kilelefarm.co.ke", "", false, "Nakuru", "Company", "Director: Chebet Korir.", "Email", []int{5, 17}},
	{"Mumbi Gathoni", "0799 120 445", "", "TMP-2025-0007", true, "Kilimani, Nairobi", "Individual", "National ID lost; police abstract on file.", "Phone", []int{6}},
	{"Pwani Fresh Produce Ltd", "041 222 7788", "legal@pwanifresh.co.ke", "", false, "Nyali, Mombasa", "Company", "", "Email", []int{11, 13}},
	{"Zawadi Nekesa", "0768 903 217", "zawadi.nekesa@example.co.ke", "33012984", false, "Kakamega", "Individual", "", "WhatsApp", []int{14}},
	{"Mwalimu Teachers Sacco", "020 555 0199", "ceo@mwalimusacco.co.ke", "", false, "Upper Hill, Nairobi", "Organisation", "Board resolution on file.", "Email", []int{25}},
	{"Amani Pharmaceuticals Ltd", "0722 100 200", "legal@amanipharma.co.ke", "", false, "Westlands, Nairobi", "Company", "", "Email", []int{37}},
	{"Salim Juma Mwachiro", "0712 664 980", "", "26677341", false, "Likoni, Mombasa", "Individual", "Speaks Kiswahili; interpreter for client meetings.", "Phone", []int{40}},
}
