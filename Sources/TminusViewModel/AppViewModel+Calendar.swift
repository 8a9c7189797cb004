import Foundation
import TminusCore

/// `c`: the launch in focus as a calendar event, saved to the download folder.
extension AppViewModel {
    func userExportedToCalendar(_ launch: Launch) {
        let ics: String
        do throws(LaunchEvent.Problem) {
            ics = try LaunchEvent.ics(for: launch, now: environment.clock.now())
        } catch {
            show(Notice("\(launch.name): \(error.description)", level: .error))
            return
        }
        show(Notice("saving a calendar event for \(launch.name)…"))
        let save = environment.saveExport
        let name = LaunchEvent.fileName(for: launch)
        run { .exportSaved(await save(name, Data(ics.utf8))) }
    }
}
