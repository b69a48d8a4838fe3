// German words of main's refusals (ICU MessageFormat; the keys and placeholders of refusals.ts).
import { orderStatusSelect } from './refusal-status';

export const refusalsDe = {
  unexpected:
    'Der Terminal-Dienst hatte einen unerwarteten Fehler. Nochmal versuchen; wenn es bleibt, die App neu starten.',
  'web-session-lost':
    'Dieser Bildschirm ist nicht mehr mit dem Terminal verbunden. Über den Link des Terminals neu öffnen.',
  'service-no-answer':
    'Der Terminal-Dienst hat nicht geantwortet. Nochmal versuchen; wenn es bleibt, die App neu starten.',
  'bad-request':
    'Der Terminal-Dienst hat das nicht verstanden. Nochmal versuchen; wenn es bleibt, die App neu starten.',
  keychain:
    'Der Schlüsselbund dieses Computers ist nicht verfügbar, daher kann das Terminal die Anmeldung nicht sicher speichern. Frag, wer diesen Computer betreut.',
  failed:
    '{doing, select, connect {Das Restaurant konnte nicht verbunden werden.} change {Die Verbindung konnte nicht geändert werden.} disconnect {Das Terminal konnte nicht getrennt werden.} addVenue {Das Restaurant konnte nicht hinzugefügt werden.} removeVenue {Das Restaurant konnte nicht getrennt werden.} startSignIn {Die Anmeldung konnte nicht gestartet werden.} signIn {Die Anmeldung bei der Plattform ist fehlgeschlagen.} handshake {Die Übergabe-PIN konnte nicht geladen werden.} other {Das hat nicht geklappt.}} {why, select, offline {Der Dienst hat nicht geantwortet: Internetverbindung prüfen und nochmal versuchen.} refused {Der Dienst hat dieses Terminal nicht angenommen: eine Schichtleitung soll die Einrichtung prüfen.} busy {Der Dienst hat gerade ein Problem: in einer Minute nochmal versuchen.} other {Nochmal versuchen.}}',

  'auth-code-used':
    'Die Plattform lehnt ab: Der Autorisierungscode wurde schon benutzt. Jeder Code gilt nur einmal: einen neuen Code holen und neu verbinden.',
  'auth-code-invalid':
    'Die Plattform nimmt den Autorisierungscode nicht an: Er ist abgelaufen (ein Code gilt eine Stunde) oder falsch. Einen neuen Code holen und neu verbinden.',
  'auth-code-other-client':
    'Die Plattform lehnt ab: Der Autorisierungscode wurde für eine andere Client-ID erstellt. Die Client-ID prüfen oder einen neuen Code für diese holen.',
  'auth-redirect-mismatch':
    'Die Plattform lehnt ab: Die Weiterleitungs-URL (Redirect-URI) ist nicht die, mit der der Autorisierungscode erstellt wurde. Die URL prüfen und neu verbinden.',

  'sign-in-timeout': 'Die Plattform hat nicht rechtzeitig geantwortet. Melde dich erneut an.',
  'sign-in-state-mismatch':
    'Die Antwort gehörte nicht zu dieser Anmeldung und wurde abgelehnt. Melde dich erneut an.',
  'sign-in-denied':
    'Countertop wurde auf der Seite der Plattform nicht erlaubt. Melde dich erneut an oder gib einen Code ein.',
  'sign-in-no-code':
    'Die Antwort der Plattform enthielt keinen Code. Melde dich erneut an oder gib einen Code ein.',
  'sign-in-cancelled': 'Die Anmeldung wurde abgebrochen.',
  'sign-in-no-page':
    'Die Seite der Plattform ließ sich nicht öffnen: Prüfe die Adresse der Onboarding-Seite oder gib einen Code ein.',
  'order-unknown': 'Diese Bestellung ist nicht auf diesem Terminal.',
  'order-failed-action':
    'Eine Aktion bei Bestellung #{n} ist fehlgeschlagen: erst nochmal senden oder verwerfen.',
  'order-past': orderStatusSelect(
    'Die Plattform hat abgelehnt:',
    {
      CREATED: 'Bestellung #{n} wartet auf Annahme.',
      PRODUCTION: 'Bestellung #{n} ist schon in Zubereitung.',
      READY: 'Bestellung #{n} ist schon fertig.',
      DELIVERED: 'Bestellung #{n} ist schon übergeben.',
      REJECTED: 'Bestellung #{n} wurde abgelehnt.',
      CANCELED: 'Bestellung #{n} wurde von der Plattform storniert.',
    },
    'Bestellung #{n} hat sich geändert.',
  ),
  'order-not-yet': orderStatusSelect(
    'Die Plattform hat abgelehnt:',
    {
      CREATED: 'Bestellung #{n} ist noch nicht angenommen.',
      PRODUCTION: 'Bestellung #{n} ist noch in Zubereitung: erst als fertig markieren.',
      READY: 'Bestellung #{n} ist fertig: erst übergeben.',
      DELIVERED: 'Bestellung #{n} ist schon übergeben.',
      REJECTED: 'Bestellung #{n} wurde abgelehnt.',
      CANCELED: 'Bestellung #{n} wurde von der Plattform storniert.',
    },
    'Bestellung #{n} hat sich geändert.',
  ),
  'order-preorder-waiting': 'Bestellung #{n} ist eine Vorbestellung: bestätige sie stattdessen.',
  'order-preorder-confirmed':
    'Bestellung #{n} ist eine Vorbestellung, die du schon bestätigt hast.',
  'order-not-preorder': 'Bestellung #{n} ist keine Vorbestellung: nimm sie stattdessen an.',
  'order-already-confirmed': 'Bestellung #{n} ist schon bestätigt.',
  'order-courier-delivers':
    'Bestellung #{n} fährt der Kurier der Plattform; er markiert sie als geliefert.',
  'order-not-own-courier': 'Bestellung #{n} liefert nicht euer eigener Kurier.',
  'order-picked-up': 'Bestellung #{n} ist schon unterwegs.',
  'order-done': 'Bestellung #{n}: das ist schon erledigt.',
  'reject-sold-out-reason':
    'Artikel werden beim Ablehnen nur mit dem Grund „Artikel nicht verfügbar“ als ausverkauft markiert. Es wurde nichts gesendet: Wähle diesen Grund oder lehne ab, ohne Artikel zu markieren.',
  'prep-no-time':
    'Bestellung #{n} bekommt keine Zubereitungszeit: die Plattform legt die Zeiten fest. Ohne Zeit annehmen.',
  'prep-before-estimate':
    'Bestellung #{n}: die geschätzte Abholung der Plattform ist in {m} Min. ({time, time, short}); diese oder später wählen.',
  'prep-after-limit':
    'Bestellung #{n}: die Plattform erlaubt höchstens {m} Min. ab jetzt (ihre Schätzung plus 25 Min.).',
  'delivery-not-self':
    'Bestellung #{n} liefert nicht euer eigener Kurier: sie bekommt keine Lieferzeit.',
  'delivery-before-ready':
    'Bestellung #{n} ist frühestens in {m} Min. fertig; eine Lieferzeit ab dann wählen.',
  'delivery-after-limit':
    'Bestellung #{n}: die Plattform nimmt eine Lieferzeit höchstens {m} Min. ab jetzt (eine Stunde nachdem das Essen fertig ist).',

  'connect-first': 'Erst das Restaurant verbinden.',
  'venue-not-connected': 'Dieses Restaurant ist nicht mit diesem Terminal verbunden.',
  'terminal-not-connected': 'Dieses Terminal ist mit keinem Restaurant verbunden.',
  'actions-waiting':
    '{n, plural, one {# Aktion ist noch nicht bei der Plattform. Trennen verwirft sie; zum Weitermachen bestätigen.} other {# Aktionen sind noch nicht bei der Plattform. Trennen verwirft sie; zum Weitermachen bestätigen.}}',
  'venue-actions-waiting':
    '{n, plural, one {# Aktion dieses Restaurants ist noch nicht bei der Plattform. Trennen verwirft sie; zum Weitermachen bestätigen.} other {# Aktionen dieses Restaurants sind noch nicht bei der Plattform. Trennen verwirft sie; zum Weitermachen bestätigen.}}',
  'first-venue':
    'Mit diesem Restaurant wurde das Terminal eingerichtet: es wird mit „Dieses Terminal trennen“ getrennt.',
  'setup-nothing-spent':
    'Noch nichts wurde an die Plattform gesendet, dein Autorisierungscode gilt also noch. Markierte Felder korrigieren und neu verbinden.',
  'setup-code-held':
    'Die Plattform hat deinen Autorisierungscode angenommen; das markierte Feld korrigieren und mit demselben Code neu verbinden (bis die App neu startet).',
  'setup-nothing-changed':
    'Nichts wurde geändert: das Terminal behält seine Verbindung. Das markierte Feld korrigieren.',
  'not-this-venues-terminal': 'Dieses Terminal gehört nicht zu diesem Restaurant.',

  'setup-https':
    'Für einen anderen Rechner https:// verwenden (http:// nur für localhost oder 127.0.0.1)',
  'time-format': 'Die Zeit als Stunden:Minuten schreiben, z. B. 09:30',
  'merchant-key-format': 'Ein Händlerschlüssel hat 8 bis 500 Zeichen, ohne Leerzeichen',
  'printer-host-format': 'Einen Hostnamen oder eine IP-Adresse eingeben',
  'printer-queue-format':
    'Den Namen der Druckerwarteschlange so eingeben, wie das System ihn zeigt',
  'setup-relay-not-relay':
    'Unter dieser Adresse antwortet etwas, aber nicht das Relay. Adresse bei dem prüfen, der euer Relay betreibt.',
  'setup-relay-no-answer':
    'Unter dieser Adresse antwortet nichts. Hostnamen und Port prüfen (zum Beispiel https://relay.example.com oder http://127.0.0.1:4020).',
  'setup-key-refused':
    'Das Relay nimmt diesen Terminal-Schlüssel nicht an: vertippt oder zurückgezogen. Nochmal kopieren, oder beim Relay-Betreiber einen neuen holen.',
  'setup-relay-path':
    'Das ist nicht die Adresse des Relays: ein Server antwortet, aber nicht als Relay. Nur die Adresse eingeben, ohne Pfad dahinter (nicht …/hooks/marketplace oder …/v1/events).',
  'setup-relay-failing':
    'Das Relay hat gerade ein Problem. In einer Minute nochmal versuchen; wenn es bleibt, den Relay-Betreiber anrufen.',
  'setup-auth-no-answer':
    'Unter dieser Adresse antwortet nichts. Die Anmelde-URL der Plattform prüfen (Hostname und Port).',
  'setup-client-refused':
    'Die Plattform nimmt diese Client-ID und dieses Secret nicht an. Beides nochmal aus den Partnerdaten der Plattform kopieren.',
  'setup-auth-failing':
    'Der Anmeldedienst der Plattform hat gerade ein Problem. In einer Minute nochmal versuchen.',
  'setup-not-auth':
    'Das ist nicht der Anmeldedienst der Plattform: ein Server antwortet, aber nicht als solcher. Die Anmelde-URL der Plattform prüfen.',
  'setup-pos-no-answer':
    'Unter dieser Adresse antwortet nichts. Die URL der Bestell-API prüfen (Hostname und Port).',
  'setup-pos-failing':
    'Der Bestelldienst der Plattform hat gerade ein Problem. In einer Minute nochmal versuchen.',
  'setup-not-pos':
    'Das ist nicht der Bestelldienst der Plattform: ein Server antwortet, aber nicht als solcher. Die URL der Bestell-API prüfen.',
  'setup-key-other-venue':
    'Dieser Terminal-Schlüssel gehört zu einem anderen Restaurant als dem, mit dem du dich angemeldet hast. Den Schlüssel für dieses Restaurant eingeben.',
  'setup-no-key': 'Kein Terminal-Schlüssel gespeichert: den Schlüssel dieses Terminals eingeben.',
  'setup-no-key-change': 'Kein Terminal-Schlüssel gespeichert: zuerst die Verbindung ändern.',
  'setup-code-first-venue':
    'Dieser Code gehört zu dem Restaurant, mit dem das Terminal eingerichtet wurde, und das ist schon verbunden. Mit dem anderen Restaurant anmelden.',
  'pin-needed': 'Zum Ändern die Personal-PIN eingeben.',
  'pin-locked':
    '{minutes, plural, one {Zu oft falsche PIN. Eine Minute warten und nochmal versuchen.} other {Zu oft falsche PIN. # Minuten warten und nochmal versuchen.}}',
  'pin-wrong': 'Die PIN stimmt nicht.',
  'pin-before-kiosk': 'Erst eine Personal-PIN festlegen, dann den Kioskmodus einschalten.',
  'no-pin': 'Es ist keine Personal-PIN festgelegt.',
  'restart-desktop-only': 'Nur die Desktop-App kann sich selbst neu starten.',
  'update-gone': 'Dieses Update wartet nicht mehr auf die Installation.',

  'menu-not-read':
    'Die Speisekarte der Plattform ist noch nicht gelesen. Warten, bis die Liste erscheint, dann nochmal versuchen.',
  'menu-item-gone':
    'Dieser Artikel ist nicht mehr auf der Speisekarte der Plattform: Speisekarte neu laden.',
  'menu-item-gone-everywhere':
    'Dieser Artikel ist auf keiner Speisekarte mehr: Speisekarte neu laden.',
  'menu-option-gone':
    'Diese Option ist nicht mehr auf der Speisekarte der Plattform: Speisekarte neu laden.',
  'menu-changed':
    'Die Speisekarte der Plattform hat sich seit der Prüfung geändert: dieses Veröffentlichen entfernt jetzt keine Artikel. Vor dem Veröffentlichen nochmal prüfen.',
  'menu-removes':
    '{n, plural, one {Diese Speisekarte entfernt 1 Artikel von der Plattform: {names}. Nichts wurde gesendet. Zum Veröffentlichen das Entfernen bestätigen.} other {Diese Speisekarte entfernt # Artikel von der Plattform: {names}. Nichts wurde gesendet. Zum Veröffentlichen das Entfernen bestätigen.}}',
  'menu-live-unread':
    '{why, select, offline {Die Plattform hat nicht geantwortet.} slow {Die Plattform ist nicht rechtzeitig fertig geworden.} other {Die Plattform konnte sie nicht lesen.}}',
  'menu-push-not-shown':
    'Die Plattform hat die gesendete Speisekarte angenommen, zeigt sie aber noch nicht. Prüfen Sie die Liste unten: Sie ist, was Gäste sehen.',
  'menu-file-field':
    '{owner, select, item {Artikel „{name}“: } category {Kategorie „{name}“: } itemAt {Artikel {n}: } categoryAt {Kategorie {n}: } other {}}{field, select, price {Preis} enabled {Im Verkauf (enabled)} external_data {Kassencode (external_data)} name {Name} description {Beschreibung} type {Optionstyp} selection_range {Auswahlbereich} values {Optionswerte} min {Mindestens} max {Höchstens} opening_time {Öffnungszeit} closing_time {Schließzeit} opening_day {Öffnungstag} closing_day {Schließtag} disabled_until {Ausverkauft bis} currency {Währung} primary_language {Sprache der Speisekarte} categories {Kategorien} items {Artikel} options {Optionen} other {{key}}} {problem, select, missing {fehlt} empty {ist leer} number {muss eine Zahl sein} boolean {muss true oder false sein} text {muss Text sein} list {muss eine Liste sein} time {muss Stunden:Minuten sein, z. B. 09:30} currency {muss ein Währungscode sein, z. B. EUR} language {muss ein Sprachcode sein, z. B. de} translation {braucht mindestens eine Sprache} oneValue {braucht mindestens einen Wert} oneCategory {braucht mindestens eine Kategorie} maxBelowMin {darf nicht unter Mindestens liegen} negative {darf nicht unter null liegen} day {muss ein Wochentag sein, z. B. MONDAY} other {ist nicht richtig}}',
  'menu-file-not-json':
    'Das ist keine Speisekartendatei: sie ist kein gültiges JSON. Die Speisekarte neu exportieren.',
  'menu-file-duplicate':
    'Artikel „{name}“: sein Kassencode „{code}“ wird schon von „{other}“ verwendet. Jeder Artikel braucht einen eigenen Code.',
  'menu-unreadable':
    'Die aktuelle Speisekarte der Plattform konnte nicht gelesen werden, daher kann diese nicht damit verglichen werden. Nichts wurde gesendet. Nochmal versuchen, wenn die Plattform antwortet.',
  'sold-out-until-past': 'Die Zeit, bis zu der er ausverkauft ist, ist schon vorbei.',
  'back-on-past': 'Die Zeit zum Wiedereinschalten ist schon vorbei.',
  'not-a-price': 'Das ist kein Preis: die Beträge prüfen.',
  'price-missing': 'Preis eingeben, z. B. 12,50.',
  'price-not-amount': 'Den Preis in Euro und Cent eingeben, z. B. 12,50.',
  'price-negative': 'Ein Preis kann nicht unter null liegen.',
  'price-too-high': 'Das sind mehr als {max} €: die Zahl prüfen.',
  'discount-not-amount': 'Den Rabattpreis in Euro und Cent eingeben, z. B. 9,90.',
  'discount-not-lower': 'Der Rabattpreis muss unter dem Preis liegen.',
  'discount-zero':
    'Ein Rabattpreis muss über null liegen: Soll es nicht mehr verkauft werden, als ausverkauft markieren.',
  'discount-option-none': 'Optionen haben auf der Plattform keinen Rabatt, nur einen Preis.',
  'no-draft': 'Es gibt keinen Speisekarten-Entwurf zum Veröffentlichen.',
  'not-a-draft': 'Der Speisekarten-Entwurf konnte nicht gelesen werden: neu anfangen.',

  'action-gone': 'Diese Aktion wartet nicht mehr: es gibt nichts nochmal zu senden.',
  'action-not-discardable': 'Diese Aktion wartet nicht mehr: es gibt nichts zu verwerfen.',
  'action-error':
    '{why, select, offline {Keine Verbindung zur Plattform.} slow {Die Plattform hat nicht rechtzeitig geantwortet.} busy {Die Plattform hat gerade ein Problem.} signIn {Die Plattform hat die Anmeldung des Restaurants nicht angenommen.} invalid {Die Plattform hat die Angaben dieser Aktion nicht angenommen (Fehler {status}).} refused {Die Plattform hat diese Aktion abgelehnt (Fehler {status}).} reconnect {Das Restaurant muss neu verbunden werden: die Aktion wartet so lange.} notConnected {Das Restaurant ist noch nicht verbunden: die Aktion wartet so lange.} unreadable {Die Antwort der Plattform war nicht lesbar.} other {Die Aktion konnte nicht gesendet werden.}}',
  'action-unknown':
    'Gesendet, aber keine Antwort erhalten ({why, select, stopped {das Terminal wurde beim Senden beendet} slow {die Plattform hat nicht rechtzeitig geantwortet} other {die Verbindung ist abgebrochen}}): sie ist vielleicht angekommen und wird daher nicht noch einmal gesendet. Bitte auf der Plattform prüfen.',
  'menu-push-waiting':
    'Warten, bis das letzte Veröffentlichen der Speisekarte auf der Plattform sichtbar ist.',
  'menu-push-removes-more':
    'Die Speisekarte der Plattform hat sich seit der Bestätigung geändert: dieses Veröffentlichen würde jetzt auch {names} entfernen. Nichts wurde gesendet: die Speisekartendatei nochmal prüfen und neu veröffentlichen.',

  'courier-setup-first': 'Erst die Kurierlieferung einrichten.',
  'delivery-gone': 'Diese Lieferung ist nicht mehr auf diesem Terminal.',
  'booking-not-waiting': 'Diese Buchung wartet auf keine Entscheidung.',
  'booking-decided': 'Über diese Buchung wurde schon entschieden.',
  'cancel-on-way': 'Eine Stornierung dieser Lieferung ist schon unterwegs.',
  'delivery-not-booked': 'Diese Lieferung ist bei der Plattform noch nicht gebucht.',

  // Kuriere: Buchen, Stornieren, Einrichten und die Antworten des Kurierdienstes.
  'courier-offer-unknown':
    'Dieses Preisangebot gibt es nicht oder es ist abgelaufen: neuen Preis und Zeit holen.',
  'courier-offer-not-binding':
    'Ein Kurier geht nur mit voller Adresse: Straße und PLZ oder Ort ergänzen, dann neuen Preis holen.',
  'courier-tip-no-price':
    'Das Angebot kam ohne Preis, Trinkgeld geht nicht: Trinkgeld leer lassen.',
  'courier-entry-lost':
    'Die Angaben zu dieser Buchung sind nicht mehr da: Kurier neu im Formular buchen.',
  'courier-still-checking':
    'Noch wird geprüft, ob der Kurier gebucht ist: kurz warten, dann neu buchen.',
  'courier-venue-first': 'Erst das Restaurant verbinden: Kurier-Meldungen kommen darüber.',
  'courier-no-terminal-key': 'Der Relay-Schlüssel des Terminals fehlt: Restaurant neu verbinden.',
  'courier-setup-failed':
    'Kurierlieferung konnte nicht eingerichtet werden: {why, select, wrongVenue {laut Relay gehört dieses Terminal nicht zu diesem Restaurant.} refused {das Relay hat die Angaben nicht angenommen.} other {das Relay hat nicht geantwortet. Nochmal versuchen.}}',
  'delivery-already-cancelled': 'Diese Lieferung ist schon storniert.',
  'courier-has-parcels':
    'Der Kurier hat die Pakete schon: stornieren kann jetzt nur der Plattform-Support.',
  'courier-rebook-not-binding':
    'Für die Adresse gibt es kein verbindliches Angebot mehr: Kurier neu im Formular buchen.',
  'courier-never-booked': 'Die Lieferung wurde nie gebucht, es gibt nichts zu stornieren.',
  'courier-pick-time': 'Lieferzeit wählen',
  'courier-time-too-soon': 'Eine Zeit in mehr als einer Stunde wählen, oder „So bald wie möglich“',
  'courier-outside-area': 'Diese Adresse liegt außerhalb des Liefergebiets.',
  'courier-time-refused':
    'Der Kurierdienst kann dann nicht liefern: eine Zeit in mehr als einer Stunde wählen, oder so bald wie möglich.',
  'courier-offer-expired': 'Das Preisangebot ist abgelaufen: neuen Preis und Zeit holen.',
  'courier-address-needed': 'Straße und PLZ oder Ort eingeben',
  'courier-address-incomplete':
    'Ein Kurier geht nur mit voller Adresse: Straße und PLZ oder Ort ergänzen.',
  'courier-address-changed':
    'Die Adresse hat sich seit dem Angebot geändert: neuen Preis und Zeit holen.',
  'courier-cash-off': 'Barzahlung bei Lieferung ist für dieses Konto aus: Bargeld leer lassen.',
  'courier-venue-closed':
    'Der Kurierdienst sagt, das Lokal ist jetzt geschlossen: buchen, sobald es offen ist.',
  'courier-no-answer': 'Der Kurierdienst antwortet nicht: Internet prüfen und nochmal versuchen.',
  'courier-setup-refused':
    'Der Kurierdienst nimmt die Einrichtung dieses Terminals nicht an: Schichtleitung soll die Kurier-Einrichtung prüfen.',
  'courier-details-refused':
    'Der Kurierdienst nimmt die Angaben nicht an: Adresse und Felder prüfen, dann nochmal versuchen.',
  'courier-busy': 'Der Kurierdienst ist ausgelastet: in einer Minute nochmal versuchen.',
  'courier-down': 'Der Kurierdienst hat gerade ein Problem: in einer Minute nochmal versuchen.',
  'courier-failed': 'Beim Kurierdienst ist etwas schiefgegangen: nochmal versuchen.',
  'courier-not-binding':
    '{missing, select, street {Der Preis gilt nur für die Gegend: Straße und Hausnummer ergänzen.} town {Die Straße allein reicht nicht: PLZ oder Ort ergänzen.} other {Die Adresse ist nicht genau genug: Straße und PLZ oder Ort ergänzen.}}',
  'field-too-long': 'Höchstens {n} Zeichen',
  'courier-number-needed':
    '{what, select, minutes {Die Minuten} count {Die Anzahl} tip {Das Trinkgeld} cash {Den Barbetrag} bags {Die Anzahl der Taschen} other {Den Wert}} als Zahl eingeben',
  'courier-whole-cents':
    '{what, select, tip {Das Trinkgeld} cash {Den Barbetrag} other {Den Betrag}} in ganzen Cent eingeben',
  'courier-amount-zero':
    '{what, select, tip {Das Trinkgeld} cash {Den Barbetrag} other {Den Betrag}} über null eingeben, oder leer lassen',
  'courier-amount-high':
    'Das ist mehr als {max, number} für {what, select, tip {das Trinkgeld} cash {den Barbetrag} other {den Betrag}}',
  'courier-whole-minutes': 'Ganze Minuten eingeben',
  'courier-minutes-low': 'Mindestens {n, plural, one {# Minute} other {# Minuten}}',
  'courier-minutes-high': 'Höchstens {n} Minuten: länger wartet der Kurierdienst nicht',
  'courier-lat-lon': 'Breiten- und Längengrad angeben, oder keinen von beiden',
  'courier-parcel-what': 'Angeben, was im Paket ist (der Kurier sieht es)',
  'whole-number': 'Ganze Zahl eingeben',
  'number-at-least': 'Mindestens {n}',
  'number-at-least-or-empty': 'Mindestens {n}, oder leer lassen',
  'number-at-most': 'Höchstens {n}',
  'courier-name-needed': 'Namen des Kunden eingeben',
  'courier-phone-needed': 'Eine Telefonnummer eingeben, die der Kurier anrufen kann',
  'courier-phone-chars': 'Nur Ziffern, Leerzeichen und + verwenden',
  'courier-phone-short': 'Diese Telefonnummer ist zu kurz',
  'courier-email': 'Das ist keine E-Mail-Adresse',
  'courier-parcels-needed': 'Hinzufügen, was der Kurier mitnimmt',
  'courier-pin-no-contact': 'Eine PIN braucht jemanden an der Tür: eins von beiden abwählen',
  'courier-id-no-contact':
    'Eine Ausweiskontrolle braucht jemanden an der Tür: eins von beiden abwählen',
  'courier-no-pin': 'Diese Lieferung wurde ohne PIN gebucht: der Kurier braucht an der Tür keine.',
  'courier-updates-down':
    '{why, select, offline {Kurier-Updates kommen nicht an: das Relay hat nicht geantwortet. Es versucht es selbst wieder.} refused {Kurier-Updates kommen nicht an: der Kurierdienst hat die Einrichtung nicht angenommen. Eine Führungskraft soll sie prüfen.} other {Kurier-Updates kommen nicht an: der Kurierdienst hat ein Problem. Es wird selbst wieder versucht.}}',

  'no-printer':
    '{document, select, kitchenTicket {Kein Drucker druckt Küchenbons.} pickupLabel {Kein Drucker druckt Abholetiketten.} receipt {Kein Drucker druckt Belege.} daySummary {Kein Drucker druckt Tagesberichte.} other {Kein Drucker druckt Testseiten.}} Einen unter Restaurant → Drucker einrichten.',
  'day-needed': 'Welcher Tag? Ein Tagesbericht braucht einen Tag.',
  'day-summary-failed': 'Der Tagesbericht konnte nicht erstellt werden. Nochmal versuchen.',
  'printer-gone': 'Dieser Drucker ist nicht eingerichtet.',
  'print-job-gone': 'Dieser Druckauftrag ist weg.',
  'print-job-printing': 'Er wird gerade gedruckt.',
  'print-job-done':
    '{state, select, printed {Dieser Druckauftrag ist schon gedruckt.} canceled {Dieser Druckauftrag ist schon abgebrochen.} other {Dieser Druckauftrag ist schon gesendet.}}',

  'history-page-stale': 'Diese Seite des Verlaufs gilt nicht mehr; neu suchen.',
  'history-order-gone': 'Diese Bestellung ist nicht im Verlauf.',
  'retention-invalid': 'Den Verlauf {min} bis {max} Tage aufbewahren.',
};
